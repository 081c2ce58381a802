package com.yahoo.ycsb.workloads;

/**
 * YCSB 0.16 and earlier named the core workload com.yahoo.ycsb.workloads.CoreWorkload, and
 * published workload files (such as the Azure SQL / MyTopling comparison's) still say so.
 * Core 0.17 renamed the package; this class keeps those files running unchanged.
 */
public class CoreWorkload extends site.ycsb.workloads.CoreWorkload {
}
