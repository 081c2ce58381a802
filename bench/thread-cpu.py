#!/usr/bin/env python3
"""Runs a command and reports its CPU time per thread (user and system, from
/proc/<pid>/task/*/stat, polled every 0.2 s; threads named alike are added up): shows
what the client threads, the JIT compiler and the GC each cost.

  bench/thread-cpu.py command args...
"""
import os, sys, subprocess, time, collections, re
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
tick = os.sysconf('SC_CLK_TCK')
last = {}
while p.poll() is None:
    try:
        for tid in os.listdir('/proc/%d/task' % p.pid):
            try:
                s = open('/proc/%d/task/%s/stat' % (p.pid, tid)).read()
            except OSError:
                continue
            name = s[s.index('(')+1:s.rindex(')')]
            f = s[s.rindex(')')+2:].split()
            last[tid] = (name, int(f[11]), int(f[12]))
    except OSError:
        pass
    time.sleep(0.2)
agg = collections.defaultdict(lambda: [0, 0, 0])
for name, u, st in last.values():
    key = re.sub(r'\d+', '#', name)
    a = agg[key]; a[0] += u; a[1] += st; a[2] += 1
tot_u = sum(a[0] for a in agg.values()); tot_s = sum(a[1] for a in agg.values())
print("total user %.2fs sys %.2fs" % (tot_u / tick, tot_s / tick))
for k, a in sorted(agg.items(), key=lambda kv: -(kv[1][0] + kv[1][1]))[:15]:
    print("%-28s threads=%-3d user=%.2fs sys=%.2fs" % (k, a[2], a[0] / tick, a[1] / tick))
