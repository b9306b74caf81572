#!/usr/bin/env bash
# Issue 45: a problem plugin that changes the working folder
# (examples/hostile_problems/hostile_chdir.cpp) cannot move a relative
# --out. Run from WORKDIR/start with --out rel and the plugin moving to
# WORKDIR/elsewhere: the study and the audit write their files (with the
# manifest) under start/rel, and nothing under elsewhere.
# Usage: check_relative_out_survives_chdir.sh PROGRAM CHDIR_PLUGIN WORKDIR
# SWEEPCHECK_TEST_JOBS: the audit's --jobs (default 2; 1 in the sanitizer build, examples/CMakeLists.txt).
set -uo pipefail
program=$1 plugin=$2 work=$3
rm -rf "$work" && mkdir -p "$work/start" "$work/elsewhere" || exit 1
export SWEEPCHECK_CHDIR_TO="$work/elsewhere"
export SWEEPCHECK_CACHE="$work/cache"
cd "$work/start" || exit 1
fail=0
"$program" study --problem-plugin "$plugin" --schemes pbd --h-max 0.1 --points 4 --quiet --out rel-study \
  || { echo "FAIL: the study exited $?" >&2; fail=1; }
"$program" audit --scheme pbd --problem-plugin "$plugin" --max-problems 1 --jobs "${SWEEPCHECK_TEST_JOBS:-2}" --quiet --out rel-audit \
  --junit rel-junit.xml >/dev/null || { echo "FAIL: the audit exited $?" >&2; fail=1; }
for f in rel-study/manifest.json rel-study/results.csv rel-audit/manifest.json rel-audit/audit.json rel-junit.xml; do
  [[ -s "$work/start/$f" ]] || { echo "FAIL: $work/start/$f is missing or empty" >&2; fail=1; }
done
if [[ -n "$(ls -A "$work/elsewhere")" ]]; then
  echo "FAIL: files went to the plugin's folder:" >&2
  ls -A "$work/elsewhere" >&2
  fail=1
fi
[[ $fail -eq 0 ]] && echo "every file under the --out named, none in the plugin's folder"
exit $fail
