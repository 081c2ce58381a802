#!/usr/bin/env bash
# What sampling the server's counters costs a run: interleaved pairs of runs without (A) and with (B) sampling
# (measurement.servermetrics), on one table loaded once. Figures and the machine in README.md beside this file.
#   results/bench/2026-11-23-server-metrics/run.sh TARGET_PROPERTIES OUT_DIR
set -u
T=$1
OUT=$2
cd "$(dirname "$0")/../../.."
scripts/benchmark --target "$T" --records 100000 --operations 1000 --threads 4 --no-html -p table=ab_usertable \
  -p measurement.servermetrics=false --out "$OUT/load"
for pair in 1 2 3 4 5 6; do
  for side in A B; do
    sm=$([ $side = A ] && echo false || echo true)
    scripts/benchmark --target "$T" --skip-load --records 100000 --operations 300000 --threads 4 --no-html \
      -p table=ab_usertable -p measurement.servermetrics=$sm --out "$OUT/$pair$side"
  done
done
