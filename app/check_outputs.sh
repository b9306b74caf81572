#!/bin/bash
# End-to-end checks of --out as a set and of --resume (issue 14), as a user
# meets them. Usage: check_outputs.sh PROGRAM WORKDIR MODE
#   resume-study  a study killed after 5 runs (test hook, SIGKILL) and resumed
#                 gives the files of an uninterrupted run byte for byte (the
#                 wall_seconds column of results.csv excepted: it is a
#                 measurement); journal, temporaries and stale manifest gone.
#   resume-audit  the same for `audit` (audit.json / audit.md without their wall-time lines).
#   resume-plugin-study  the same for `study --problem-plugin PLUGIN` (issue 45;
#                 the journal also holds each run's samples, a line each).
#   isolated      an in-tree scheme audited in child processes (--isolate) gives
#                 the same audit.json as in process (wall time and isolation fields excepted).
#   lock          a second writer to a locked --out: exit 2 and a message naming the holder.
#   unwritable    an --out that cannot be created: exit 2 before any run.
set -u
PROGRAM=$1
WORK=$2
MODE=$3
PLUGIN=${4:-}
fail() { echo "FAIL ($MODE): $*" >&2; exit 1; }
rm -rf "$WORK"
mkdir -p "$WORK"
STUDY=(study sliding --d 3 --C 1 --schemes pbd,pngs --h-max 0.1 --h-min 1e-3 --points 8 --jobs 2)
AUDIT=(audit --scheme pbd --max-problems 1 --jobs 2)

same() {  # same FILE_A FILE_B [sed expression removing measured lines]
  if [ $# -gt 2 ]; then
    cmp <(sed "$3" "$1") <(sed "$3" "$2") || fail "$1 and $2 differ"
  else
    cmp "$1" "$2" || fail "$1 and $2 differ"
  fi
}

kill_and_resume() {  # kill_and_resume OUT ARGS...: killed after 5 runs, then resumed
  local out=$1
  shift
  SWEEPCHECK_TEST_KILL_AFTER_ROWS=5 "$PROGRAM" "$@" --out "$out" --quiet
  local rc=$?
  [ $rc -eq 137 ] || fail "expected the test hook's SIGKILL (exit 137), got $rc"
  [ -f "$out/.sweepcheck-journal.tsv" ] || fail "no journal after the kill"
  local rows=$(($(grep -cv '^\\P' "$out/.sweepcheck-journal.tsv") - 1))
  [ $rows -eq 5 ] || fail "the journal holds $rows rows, expected the 5 finished before the kill"
  [ ! -f "$out/manifest.json" ] || fail "a manifest after a kill: the folder claims to be complete"
  # a temporary file of a writer that died
  sh -c 'exit 0' &
  local dead=$!
  wait $dead
  echo "half a file" >"$out/.sweepcheck-tmp.$dead.results.csv"
  # a user's own file that only looks like one (issue 45): kept
  echo "mine" >"$out/.tmp.$dead.my-notes.txt"
  local log
  log=$("$PROGRAM" "$@" --out "$out" --resume 2>&1)
  rc=$?
  [ $rc -le 1 ] || fail "the resumed run exited with $rc: $log"
  echo "$log" | grep -q "resuming: 5 finished runs" || fail "the resumed run did not take the 5 runs: $log"
  echo "$log" | grep -q "removed 1 temporary files" || fail "the dead writer's temporary was not reported removed: $log"
  [ ! -e "$out/.sweepcheck-tmp.$dead.results.csv" ] || fail "the dead writer's temporary is still there"
  [ -z "$(find "$out" -name '.sweepcheck-tmp.*')" ] || fail "temporary files left: $(find "$out" -name '.sweepcheck-tmp.*')"
  [ -f "$out/.tmp.$dead.my-notes.txt" ] || fail "the user's own .tmp.$dead.my-notes.txt was removed"
  [ ! -f "$out/.sweepcheck-journal.tsv" ] || fail "the journal outlived the published results"
  [ -f "$out/manifest.json" ] || fail "no manifest after the resumed run"
}

case "$MODE" in
  resume-study)
    "$PROGRAM" "${STUDY[@]}" --out "$WORK/whole" --quiet || fail "uninterrupted study exited with $?"
    kill_and_resume "$WORK/resumed" "${STUDY[@]}"
    # results.csv: column 18 is wall_seconds (a measurement of the run, not a result).
    cmp <(cut -d, -f1-17,19- "$WORK/whole/results.csv") <(cut -d, -f1-17,19- "$WORK/resumed/results.csv") ||
      fail "results.csv differs (wall_seconds excepted)"
    for f in summary.json summary.md; do same "$WORK/whole/$f" "$WORK/resumed/$f"; done
    for f in "$WORK"/whole/*.svg; do same "$f" "$WORK/resumed/$(basename "$f")"; done
    ;;
  resume-audit)
    "$PROGRAM" "${AUDIT[@]}" --out "$WORK/whole" --quiet
    [ $? -eq 0 ] || fail "uninterrupted audit of pbd did not pass"
    kill_and_resume "$WORK/resumed" "${AUDIT[@]}"
    same "$WORK/whole/audit.json" "$WORK/resumed/audit.json" '/"wall_seconds"/d'
    same "$WORK/whole/audit.md" "$WORK/resumed/audit.md" '/^Wall time/d'
    ;;
  resume-plugin-study)
    PSTUDY=(study --problem-plugin "$PLUGIN" --schemes pbd,pngs --h-max 0.05 --points 5 --jobs 2)
    "$PROGRAM" "${PSTUDY[@]}" --out "$WORK/whole" --quiet || fail "uninterrupted plugin study exited with $?"
    kill_and_resume "$WORK/resumed" "${PSTUDY[@]}"
    cmp <(cut -d, -f1-17,19- "$WORK/whole/results.csv") <(cut -d, -f1-17,19- "$WORK/resumed/results.csv") ||
      fail "results.csv differs (wall_seconds excepted)"
    for f in summary.json summary.md richardson.csv; do same "$WORK/whole/$f" "$WORK/resumed/$f"; done
    # Negative control: a rebuilt plugin at the same path is not resumed with
    # the old one's rows (the journal's key holds each plugin's content hash).
    cp "$PLUGIN" "$WORK/p.so"
    POTHER=(study --problem-plugin "$WORK/p.so" --schemes pbd,pngs --h-max 0.05 --points 5 --jobs 2)
    SWEEPCHECK_TEST_KILL_AFTER_ROWS=2 "$PROGRAM" "${POTHER[@]}" --out "$WORK/other" --quiet
    echo >>"$WORK/p.so"
    log=$("$PROGRAM" "${POTHER[@]}" --out "$WORK/other" --quiet --resume 2>&1)
    rc=$?
    [ $rc -eq 2 ] || fail "a resume with a changed problem plugin exited with $rc, expected 2: $log"
    echo "$log" | grep -q "was written by a study with other options" || fail "not refused by its key: $log"
    ;;
  isolated)
    "$PROGRAM" "${AUDIT[@]}" --out "$WORK/in_process" --quiet || fail "in-process audit exited with $?"
    "$PROGRAM" "${AUDIT[@]}" --isolate --out "$WORK/isolated" --quiet || fail "isolated audit exited with $?"
    grep -q '"isolated": true' "$WORK/isolated/audit.json" || fail "the audit does not say it ran isolated"
    same "$WORK/in_process/audit.json" "$WORK/isolated/audit.json" '/"wall_seconds"\|"isolated"\|"child_runs"/d'
    ;;
  lock)
    mkdir -p "$WORK/out"
    log=$(flock "$WORK/out/.sweepcheck.lock" "$PROGRAM" "${STUDY[@]}" --out "$WORK/out" 2>&1)
    rc=$?
    [ $rc -eq 2 ] || fail "a second writer got exit code $rc, expected 2: $log"
    echo "$log" | grep -q "another sweepcheck process.* is writing to this folder" || fail "no clear message: $log"
    echo "$log" | grep -q '^\[1/' && fail "the second writer computed before finding the lock: $log"
    ;;
  unwritable)
    log=$("$PROGRAM" "${STUDY[@]}" --out /dev/null/out 2>&1)
    rc=$?
    [ $rc -eq 2 ] || fail "exit code $rc, expected 2: $log"
    echo "$log" | grep -Eq -- "--out:? '?/dev/null/out'?:? cannot (create the folder|be created)" || fail "no clear message: $log"
    echo "$log" | grep -q '^\[1/' && fail "computed before finding --out unusable: $log"
    log=$("$PROGRAM" "${AUDIT[@]}" --out /dev/null/out 2>&1)
    rc=$?
    [ $rc -eq 2 ] || fail "audit: exit code $rc, expected 2: $log"
    log=$(SWEEPCHECK_CACHE=/dev/null/cache "$PROGRAM" "${AUDIT[@]}" --out "$WORK/audit" 2>&1)
    rc=$?
    [ $rc -eq 2 ] || fail "audit with an unusable cache folder: exit code $rc, expected 2: $log"
    echo "$log" | grep -q "reference cache folder" || fail "no message naming the cache folder: $log"
    ;;
  *) fail "unknown mode" ;;
esac
echo "ok ($MODE)"
