#!/usr/bin/env bash
# Compares loading N reviews through FileWorkload with loading N records of the same size with CoreWorkload's
# random values, into the same server and table definition, same threads and batching
# (com.mytopling.ycsb.launcher.bench.LoadVsCore; --help lists the options). Target (docs/fileloader.md): the file
# workload at least 0.9x CoreWorkload's rate. A developers' measurement, not a test: prints the figures.
#
#   bench/load-vs-core.sh --url JDBC_URL [--user U] [--records N] [--threads T] [--repeat R] [--work DIR]
#
# The password is YCSB_DB_PASSWORD (default ycsb), never on a command line.
set -euo pipefail
. "$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/lib.sh"
ensure_built
mapfile -t defaults < <(client_jvm_flags)
mapfile -t shared < <(shared_classes_flags)
exec "$JAVA" "${shared[@]}" ${YCSB_JAVA_OPTS:-} -Dharness.root="$ROOT" -Dharness.clientJvmFlags="${defaults[*]}" \
  -cp "$(launcher_classpath)" com.mytopling.ycsb.launcher.Harness load-vs-core "$@"
