# measure PREFIX COMMAND...: runs COMMAND (stdin /dev/null, stdout to PREFIX.out, stderr to PREFIX.err) and prints
# what it cost as one JSON line, as bench/measure.py (since deleted) did for these runs: exit status, wall seconds and
# the client's CPU seconds, user + system of the command and its children (getrusage of the reaped children, read
# before and after through bash's `times`). Returns the command's exit status. Sourced by ab.sh and sb.sh.
# shellcheck shell=bash
_children_cpu() {  # prints "user system" seconds of this shell's reaped children
  local f
  f=$(mktemp)
  times >"$f"  # not in a subshell: a subshell's children are its own
  awk 'NR == 2 {
    for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); v[i] = p[1] * 60 + p[2] }
    printf "%.3f %.3f\n", v[1], v[2] }' "$f"
  rm -f "$f"
}

measure() {
  local prefix=$1 rc u0 s0 u1 s1 w0 w1 f
  shift
  f=$(mktemp)
  _children_cpu >"$f"; read -r u0 s0 <"$f"
  w0=$(date +%s.%N)
  "$@" </dev/null >"$prefix.out" 2>"$prefix.err"
  rc=$?
  w1=$(date +%s.%N)
  _children_cpu >"$f"; read -r u1 s1 <"$f"
  rm -f "$f"
  awk -v rc="$rc" -v w="$w0 $w1" -v u="$u0 $u1" -v s="$s0 $s1" 'BEGIN {
    split(w, W, " "); split(u, U, " "); split(s, S, " ")
    printf "{\"rc\": %d, \"wall_s\": %.3f, \"cpu_s\": %.3f, \"user_s\": %.3f, \"sys_s\": %.3f}\n",
      rc, W[2] - W[1], (U[2] - U[1]) + (S[2] - S[1]), U[2] - U[1], S[2] - S[1] }'
  return "$rc"
}
