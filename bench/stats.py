#!/usr/bin/env python3
"""Summarizes a bench-harness results file (tab-separated: section, case, run, metric, value)
as Markdown: per case and metric the median, min, max and spread ((max-min)/median) over the
alternating runs, then the ratios the issue asks for (against the reference case of each
section: sysbench for the run phase, the server's own LOAD DATA INFILE for loads), both as a
ratio of medians and as the median of per-round ratios (run i of a case / run i of the
reference, which ran in the same round).

  bench/stats.py results.tsv
"""
import statistics
import sys
from collections import OrderedDict

REFERENCE = {"run": "sysbench", "load": "server LOAD DATA INFILE", "rocksdb": "server LOAD DATA INFILE"}
UNITS = {"ops_s": "ops/s", "cpu_us_op": "client CPU µs/op", "cpu_user_us_op": "client user CPU µs/op",
         "cpu_sys_us_op": "client system CPU µs/op", "rows_s": "rows/s", "cpu_us_row": "client CPU µs/row",
         "maxrss_mib": "peak RSS MiB", "wall_s": "wall s", "server_cpu_us_op": "server CPU µs/op"}


def main():
    data = OrderedDict()
    for line in open(sys.argv[1]):
        if not line.strip() or line.startswith("#"):
            continue
        section, case, run, metric, value = line.rstrip("\n").split("\t")
        data.setdefault(section, OrderedDict()).setdefault(case, OrderedDict()).setdefault(metric, []).append(float(value))
    for section, cases in data.items():
        print("\n### %s\n" % section)
        print("| case | metric | median | min | max | spread | runs |")
        print("|---|---|---:|---:|---:|---:|---:|")
        for case, metrics in cases.items():
            for metric, vals in metrics.items():
                med = statistics.median(vals)
                spread = (max(vals) - min(vals)) / med * 100 if med else 0
                print("| %s | %s | %s | %s | %s | %.1f%% | %d |" % (case, UNITS.get(metric, metric), fmt(med),
                                                                   fmt(min(vals)), fmt(max(vals)), spread, len(vals)))
        ref = REFERENCE.get(section)
        if ref and ref in cases:
            print("\nRatios against %s: of the medians, and the median (min to max) of the per-round"
                  " ratios, each run divided by the reference run of the same round (robust when the"
                  " machine's load drifts between rounds):\n" % ref)
            print("| case | metric | ratio of medians | per-round ratio |")
            print("|---|---|---:|---:|")
            for case, metrics in cases.items():
                if case == ref:
                    continue
                for metric, vals in metrics.items():
                    if metric in cases[ref] and metric not in ("wall_s", "maxrss_mib"):
                        r = statistics.median(vals) / statistics.median(cases[ref][metric])
                        paired = [v / w for v, w in zip(vals, cases[ref][metric]) if w]
                        print("| %s | %s | %.2fx | %.2fx (%.2f to %.2f) |" % (
                            case, UNITS.get(metric, metric), r, statistics.median(paired), min(paired), max(paired)))


def fmt(v):
    return "%.0f" % v if abs(v) >= 100 else "%.2f" % v


if __name__ == "__main__":
    main()
