import json,glob,os,statistics,csv
base='results/bench/2026-11-23-server-metrics'
rows=[]
for pair in range(1,7):
    r={}
    for side in 'AB':
        d=glob.glob(f'{base}/{pair}{side}/')
        if not d: continue
        s=json.load(open(d[0]+'/summary.json'))['phases']['run']
        r[side]=s['successful_throughput_ops']
        if side=='B':
            ms=[float(x['sample_ms']) for x in csv.DictReader(open(d[0]+'/server-metrics.csv')) if x['phase']=='run' and x['sample_ms']]
            r['ms']=ms
            r['n']=len(ms)
            r['runtime']=s['runtime_ms']
    if 'A' in r and 'B' in r: rows.append((pair,r))
for p,r in rows:
    print(p, round(r['A'],1), round(r['B'],1), round(r['B']/r['A'],4), 'samples',r['n'],'median ms',round(statistics.median(r['ms']),2), 'runtime s', r['runtime']/1000)
A=[r['A'] for p,r in rows]; B=[r['B'] for p,r in rows]; ratios=[r['B']/r['A'] for p,r in rows]
print('median A',round(statistics.median(A),1),'median B',round(statistics.median(B),1),'ratio of medians',round(statistics.median(B)/statistics.median(A),4))
print('median per-pair ratio',round(statistics.median(ratios),4),'range',round(min(ratios),4),round(max(ratios),4))
allms=[m for p,r in rows for m in r['ms']]
print('sample_ms median',round(statistics.median(allms),2),'p90',round(sorted(allms)[int(0.9*len(allms))],2),'max',round(max(allms),2),'n',len(allms))
