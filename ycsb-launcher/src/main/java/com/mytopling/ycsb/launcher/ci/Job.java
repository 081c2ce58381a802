package com.mytopling.ycsb.launcher.ci;

import java.nio.file.Path;
import java.util.List;

/**
 * What every benchmark run of a CI job does (workload and sizes), how many runs it makes, and how the gate
 * judges them. Thresholds stay text ("5%") because scripts/report regress parses them.
 *
 * @param paired the runs are pairs measured together (A/B): the gate judges the pairs' ratios
 */
record Job(String workload, long records, long operations, int threads, int runs, int warmup, List<String> phases,
           String maxDrop, String maxP99Rise, String alpha, boolean paired, Path out) {
}
