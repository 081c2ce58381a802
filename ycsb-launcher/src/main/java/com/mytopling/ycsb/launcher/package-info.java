/**
 * The orchestration side of the launcher: the jobs ({@link com.mytopling.ycsb.launcher.HarnessJob}, started by
 * {@link com.mytopling.ycsb.launcher.Harness}), scripts/benchmark with its phases, sweeps and clients on other machines,
 * and the jobs built on it ({@code jobs}, {@code ci}). It resolves a run's settings once and starts the
 * YCSB processes ({@code client}) from them; it never runs a workload in its own JVM.
 */
package com.mytopling.ycsb.launcher;
