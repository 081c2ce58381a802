#!/usr/bin/env bash
# Compares loading N reviews through FileWorkload with loading N records of the same size with
# CoreWorkload's random values, into the same server, the same table definition, same threads and
# batching. Target (docs/fileloader.md): the file workload at least 0.9x CoreWorkload's rate.
#
#   bench/load-vs-core.sh --url JDBC_URL [--user U] [--records N] [--threads T] [--repeat R]
#
# The password is YCSB_DB_PASSWORD (default ycsb): the binding and the mysql client read it from the
# environment, never from a command line.
#
# Both loads write into the same table definition (eight TEXT columns);
# CoreWorkload gets fieldlength = average value length of the file, so rows carry the same bytes.
# Not a test: prints the figures.
set -euo pipefail

url=""; user=ycsb; records=20000; threads=8; repeat=2; table=fl_bench
while [ $# -gt 0 ]; do
  case "$1" in
    --url) url="${2:?}"; shift 2 ;;
    --user) user="${2:?}"; shift 2 ;;
    --password) echo "load-vs-core: --password is not taken on a command line: set YCSB_DB_PASSWORD" >&2; exit 2 ;;
    --records) records="${2:?}"; shift 2 ;;
    --threads) threads="${2:?}"; shift 2 ;;
    --repeat) repeat="${2:?}"; shift 2 ;;
    *) echo "load-vs-core: unknown option $1" >&2; exit 2 ;;
  esac
done
export YCSB_DB_PASSWORD="${YCSB_DB_PASSWORD:-ycsb}"
[ -n "$url" ] || { echo "load-vs-core: --url is required (e.g. jdbc:mysql://127.0.0.1:3307/ycsb)" >&2; exit 2; }

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/fileloader-load-bench"
mkdir -p "$work"
file="$work/reviews-$records.txt.gz"
[ -f "$file" ] || "$root/scripts/dataset" synth --records "$records" --out "$file" --seed 9

# Average characters per value, over the 8 fields.
avg=$("$root/scripts/dataset" stats "$file" | awk '/^(product|review)\// { sum += $3; n++ } END { printf "%d", sum / n + 0.5 }')
# One column type for both loads (TEXT: holds every review text; VARCHAR widths would differ per field).
ddl="CREATE TABLE $table (YCSB_KEY VARCHAR(255) CHARACTER SET latin1 COLLATE latin1_bin NOT NULL PRIMARY KEY"
for i in 0 1 2 3 4 5 6 7; do ddl="$ddl, FIELD$i TEXT NOT NULL"; done
ddl="$ddl) DEFAULT CHARSET=utf8mb4"
hostport=$(echo "$url" | sed -E 's#jdbc:mysql://([^/]+)/.*#\1#')
db=$(echo "$url" | sed -E 's#jdbc:mysql://[^/]+/([^?]+).*#\1#')
sql() { MYSQL_PWD="$YCSB_DB_PASSWORD" mysql -h "${hostport%:*}" -P "${hostport#*:}" -u "$user" "$db" -e "$1"; }
echo "server: $(sql 'SELECT CONCAT(VERSION(), " ", @@default_storage_engine)' | tail -1); $records records, $threads threads, average value $avg chars"

common=(-threads "$threads" -p table="$table" -p recordcount="$records" -p db.url="$url" -p db.user="$user"
  -p db.createtable=false -p db.batchsize=100 -p jdbc.batchupdateapi=true -p fieldcount=8)
throughput() { grep '^\[OVERALL\], Throughput' | awk -F', ' '{ printf "%.0f", $3 }'; }
engine=$(sql 'SELECT @@default_storage_engine' | tail -1)
# Every load starts from a settled server: the previous table dropped and, for RocksDB, memtables
# flushed and the dropped data compacted away, so no load pays for the one before it.
fresh_table() {
  sql "DROP TABLE IF EXISTS $table"
  if [ "$engine" = ROCKSDB ]; then
    sql "SET GLOBAL rocksdb_force_flush_memtable_now = 1; SET GLOBAL rocksdb_compact_cf = 'default'" || true
  else
    # InnoDB writes the previous load's pages back in the background: wait (at most 120 s) until
    # the buffer pool holds few dirty pages.
    for _ in $(seq 1 120); do
      dirty=$(sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'" | awk 'NR == 2 { print $2 }')
      [ "${dirty:-0}" -lt 100 ] && break
      sleep 1
    done
  fi
  sleep 5
  sql "$ddl"
}
load_file() {
  fresh_table
  "$root/scripts/ycsb" load mytopling "${common[@]}" -p workload=com.mytopling.ycsb.fileloader.FileWorkload \
    -p fileloader.file="$file" -p fileloader.maxlength=0 -p fileloader.tablesize=false 2>/dev/null | throughput
}
load_core() {
  fresh_table
  "$root/scripts/ycsb" load mytopling "${common[@]}" -p workload=site.ycsb.workloads.CoreWorkload \
    -p fieldlength="$avg" 2>/dev/null | throughput
}
# Rounds alternate which load goes first, so background work (compaction, flushing) left by one
# load does not always fall on the same side.
for i in $(seq 1 "$repeat"); do
  if [ $((i % 2)) = 1 ]; then file_rate=$(load_file); core_rate=$(load_core); else core_rate=$(load_core); file_rate=$(load_file); fi
  awk -v f="$file_rate" -v c="$core_rate" -v i="$i" 'BEGIN { printf "round %d: FileWorkload %d ops/s, CoreWorkload %d ops/s, ratio %.2f\n", i, f, c, f / c }'
done
sql "DROP TABLE IF EXISTS $table"
