#!/usr/bin/env bash
# Compares loading N reviews through FileWorkload with loading N records of the same size with CoreWorkload's
# random values, into the same server and table definition, same threads and batching
# (module ycsb-bench: com.mytopling.ycsb.launcher.bench.LoadVsCore; --help lists the options). Target
# (docs/fileloader.md): the file workload at least 0.9x CoreWorkload's rate. A developers' measurement, not a test:
# prints the figures.
#
#   bench/load-vs-core.sh --url JDBC_URL [--user U] [--records N] [--threads T] [--repeat R] [--work DIR]
#
# The password is YCSB_DB_PASSWORD (default ycsb), never on a command line.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/lib.sh"
ensure_bench_built
# This JVM runs on the bench's class path; the loads it measures on the launcher's (harness.clientClassPath), with the
# clients' flags and the shared-classes archive made for that class path.
mapfile -t defaults < <(client_jvm_flags)
exec "$JAVA" ${YCSB_JAVA_OPTS:-} -Dharness.root="$ROOT" -Dharness.clientJvmFlags="${defaults[*]}" \
  -Dharness.clientClassPath="$(launcher_classpath)" \
  -cp "$(bench_classpath)" com.mytopling.ycsb.launcher.bench.BenchMain load-vs-core "$@"
