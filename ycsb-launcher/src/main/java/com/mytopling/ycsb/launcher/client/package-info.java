/**
 * The YCSB-process side of the launcher: what runs inside one client JVM (scripts/ycsb, and every phase and client
 * that scripts/benchmark starts) and in scripts/verify: YCSB's command line and our checks of its settings, the
 * workload loop with its counts, the status thread and the warm-up cut, the server-metrics sampler, the start
 * barrier a client waits at, the client's own cost. It starts no other process; the orchestration side (the package
 * above: scripts/benchmark, scale-out, the jobs) starts it, always from one resolved settings file.
 */
package com.mytopling.ycsb.launcher.client;
