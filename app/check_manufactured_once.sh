#!/usr/bin/env bash
# A prepared manufactured problem asked for twice, or one the battery already
# holds, is audited once (the audit says so on stderr); asked for once, it is
# audited once and nothing is said.
# usage: check_manufactured_once.sh PROGRAM WORK
set -euo pipefail
program=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
count() {
  /usr/bin/python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["problems"]))' "$1/audit.json"
}
# What is checked here is the list of problems and the message, not a verdict:
# the audits run without refinement, start perturbations or grid phases
# (issue 58: 0.7 s each instead of 4 s, one run; the same problems either way).
cheap=(--refine-work 0 --large-step-perturbations none --phases 1)
"$program" audit --scheme pbd --jobs 1 --only-manufactured --manufactured-problem obstacle,obstacle \
  "${cheap[@]}" --out "$work/twice" 2> "$work/twice.err" > /dev/null
grep -q "manufactured-obstacle.* is already among the problems (the battery, or named twice); audited once" "$work/twice.err" ||
  { echo "no 'audited once' message:"; cat "$work/twice.err"; exit 1; }
[[ $(count "$work/twice") == 1 ]] || { echo "asked twice: $(count "$work/twice") problems audited, not 1"; exit 1; }
# Control: once.
"$program" audit --scheme pbd --jobs 1 --only-manufactured --manufactured-problem obstacle \
  "${cheap[@]}" --out "$work/once" 2> "$work/once.err" > /dev/null
if grep -q "audited once" "$work/once.err"; then echo "a single problem was said to be audited once"; exit 1; fi
[[ $(count "$work/once") == 1 ]] || { echo "asked once: $(count "$work/once") problems audited, not 1"; exit 1; }
echo "ok"
