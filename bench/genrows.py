#!/usr/bin/env python3
"""Writes N rows of YCSB's default shape for the server's own LOAD DATA INFILE: key
"user" + fnvhash64(n) as YCSB's hashed insert order makes them (so the file is in random key
order), then 10 fields of 100 printable characters, tab-separated, one row per line.

  bench/genrows.py N FILE
"""
import base64
import os
import sys

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 1099511628211
MASK = (1 << 64) - 1


def fnvhash64(v):
    h = FNV_OFFSET
    for _ in range(8):
        h = ((h ^ (v & 0xFF)) * FNV_PRIME) & MASK
        v >>= 8
    if h >= 1 << 63:  # Java's Math.abs of a negative long
        h = (-h) & MASK
    return h


def main():
    n, path = int(sys.argv[1]), sys.argv[2]
    with open(path, "w", buffering=1 << 22) as f:
        for i in range(n):
            # 750 random bytes -> 1000 base64 characters (no tab, newline or backslash).
            v = base64.b64encode(os.urandom(750)).decode("ascii")
            f.write("user%d\t%s\n" % (fnvhash64(i), "\t".join(v[j:j + 100] for j in range(0, 1000, 100))))


if __name__ == "__main__":
    main()
