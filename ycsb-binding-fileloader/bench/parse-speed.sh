#!/usr/bin/env bash
# Measures what docs/fileloader.md promises about speed and memory, on this machine:
#   1. SNAP parsing speed on one core (uncompressed input, MB/s of input), target >= 100 MB/s;
#   2. parsing a .gz file against `zcat` of the same file, target >= 0.5x zcat's speed;
#   3. memory: loading the whole file through site.ycsb.Client with -Xmx128m (BasicDB, no server),
#      with YCSB's JVM tracking on, so MAX_MEM_USED is reported.
#
#   bench/parse-speed.sh [--records N] [--dir DIR]     (default 1 050 000 reviews, about 1 GB)
#
# Not a test: prints figures. Uses taskset to keep the parser on one core when taskset exists.
set -euo pipefail

records=1050000
dir="${TMPDIR:-/tmp}/fileloader-bench"
while [ $# -gt 0 ]; do
  case "$1" in
    --records) records="${2:?}"; shift 2 ;;
    --dir) dir="${2:?}"; shift 2 ;;
    *) echo "parse-speed: unknown option $1" >&2; exit 2 ;;
  esac
done

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
dataset="$root/scripts/dataset"
mkdir -p "$dir"
file="$dir/reviews-$records.txt"
one_core=()
command -v taskset >/dev/null && one_core=(taskset -c 0)

if [ ! -f "$file" ]; then
  "$dataset" synth --records "$records" --out "$file" --seed 1
fi
[ -f "$file.gz" ] || gzip -k -6 "$file"
[ -f "$file.zst" ] || zstd -q -3 -k "$file" -o "$file.zst"

echo "load average at start: $(cut -d" " -f1-3 /proc/loadavg)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(java -version 2>&1 | head -1)"
ls -l "$file" "$file.gz" "$file.zst" | awk '{print "file: " $9 " " $5 " bytes"}'

echo "== 1. parse, uncompressed, one core"
"$dataset" scan "$file" >/dev/null   # warm the page cache
for i in 1 2 3; do
  "${one_core[@]}" "$dataset" scan "$file" | tail -2
done

echo "== 2. zcat vs parse of the .gz, one core"
bytes=$(stat -c %s "$file")
for i in 1 2; do
  # bash's time: wall clock and the CPU seconds of zcat itself.
  t=$( { TIMEFORMAT='%R %U %S'; time "${one_core[@]}" zcat "$file.gz" >/dev/null; } 2>&1 )
  echo "$t" | awk -v b="$bytes" '{ printf "zcat: %.3f s, %.1f MB/s uncompressed; cpu seconds %.3f, %.1f MB per cpu-second\n", $1, b / 1e6 / $1, $2 + $3, b / 1e6 / ($2 + $3) }'
  "${one_core[@]}" "$dataset" scan "$file.gz" | tail -2
done
echo "== 2b. parse of the .zst, one core"
"${one_core[@]}" "$dataset" scan "$file.zst" | tail -2

echo "== 3. load through site.ycsb.Client with -Xmx128m (BasicDB, 4 threads)"
cp="$root/ycsb-binding-fileloader/target/classes:$(cat "$root/ycsb-binding-fileloader/target/runtime-classpath.txt")"
java -Xmx128m -cp "$cp" site.ycsb.Client -load -s -db site.ycsb.BasicDB -threads 4 -p status.interval=30 \
  -p workload=com.mytopling.ycsb.fileloader.FileWorkload -p fileloader.file="$file.gz" \
  -p recordcount="$records" -p basicdb.verbose=false -p fieldlength=100000 \
  -p measurement.trackjvm=true -p fileloader.progress.interval=30 2>&1 \
  | grep -E 'OVERALL|MAX_MEM_USED|FILELOADER\], (RecordsUsed|InsertsOk|RawInputBytes|Status)|OutOfMemory|fileloader:' || true
echo "load average at end: $(cut -d" " -f1-3 /proc/loadavg)"
