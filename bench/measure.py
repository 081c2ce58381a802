#!/usr/bin/env python3
"""Runs one client command and reports what it cost the machine, as one JSON line on stdout:
wall seconds, client CPU seconds (user + system of the process and its children, from
getrusage after it exits: the same figure as utime+stime in /proc/<pid>/stat at exit) and the
peak resident set size in KiB. The command's own output goes to PREFIX.out and PREFIX.err.

  bench/measure.py PREFIX -- command args...
"""
import json
import os
import resource
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit("usage: measure.py PREFIX -- command...")
    prefix, cmd = sys.argv[1], sys.argv[3:]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    with open(prefix + ".out", "wb") as out, open(prefix + ".err", "wb") as err:
        rc = subprocess.call(cmd, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(json.dumps({"rc": rc, "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                      "user_s": round(after.ru_utime - before.ru_utime, 3),
                      "sys_s": round(after.ru_stime - before.ru_stime, 3),
                      "maxrss_kib": after.ru_maxrss}))
    sys.exit(rc)


if __name__ == "__main__":
    main()
