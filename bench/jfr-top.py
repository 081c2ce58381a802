#!/usr/bin/env python3
"""Summarizes `jfr print --events jdk.ExecutionSample --stack-depth 64 REC.jfr > REC.txt`:
sample count, most frequent top frames, packages on the stack (inclusive) and the first
frame of our own code per sample.

  bench/jfr-top.py REC.txt
"""
import sys, re, collections
# parse `jfr print --events jdk.ExecutionSample` output: count top frame and "our" frames
top=collections.Counter(); pkg=collections.Counter(); ours=collections.Counter()
cur=[]; n=0
def flush():
    global n
    if not cur: return
    n+=1
    top[cur[0]]+=1
    seen=set()
    for f in cur:
        p='.'.join(f.split('(')[0].split('.')[:3])
        if p not in seen: pkg[p]+=1; seen.add(p)
    for f in cur:
        if 'mytopling' in f:
            ours[f]+=1; break
for line in open(sys.argv[1]):
    line=line.strip()
    if line.startswith('jdk.ExecutionSample'):
        flush(); cur=[]
    elif re.match(r'^[\w$./<>]+\(.*\)\s+line:', line):
        cur.append(re.sub(r'\s+line:.*','',line))
flush()
print("samples",n)
print("-- top frames"); [print(c,f) for f,c in top.most_common(25)]
print("-- packages on stack (inclusive)"); [print(c,f) for f,c in pkg.most_common(20)]
print("-- first mytopling frame"); [print(c,f) for f,c in ours.most_common(10)]
