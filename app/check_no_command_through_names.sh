#!/usr/bin/env bash
# Issue 45: nothing a user types or a plugin names reaches a shell or a
# gnuplot command. Three commands, each with hostile text where it could do
# harm: an --out folder whose name holds a backquoted command, a $(...)
# command, both quote marks and a newline; and a problem plugin
# (examples/hostile_problems/hostile_names.cpp) whose name holds the same
# and a Latin-1 byte. Each command runs with SWEEPCHECK_PWNED naming a file
# that any of the embedded commands would create. Checked:
#  - no such file exists afterwards (no command ran);
#  - every command exited 0 and wrote its figures (PNG and SVG, non-empty)
#    and its JSON, which parses and is valid UTF-8, with the replacement of
#    the Latin-1 byte noted.
# Usage: check_no_command_through_names.sh PROGRAM NAMES_PLUGIN WORKDIR
# SWEEPCHECK_TEST_JOBS: the audit's --jobs (default 2; 1 in the sanitizer build, examples/CMakeLists.txt).
set -uo pipefail
program=$1 plugin=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
export SWEEPCHECK_PWNED="$work/PWNED"
export SWEEPCHECK_CACHE="$work/cache"
hostile=$'o`touch "$SWEEPCHECK_PWNED"` $(touch "$SWEEPCHECK_PWNED") \'q\' "dq"\nline2'
fail=0
bad() { echo "FAIL: $*" >&2; fail=1; }
run() {  # what, then the command
  local what=$1; shift
  "$@" >"$work/$what.stdout" 2>"$work/$what.stderr"
  local rc=$?
  echo "$what: exit $rc" >&2
  [[ $rc -eq 0 ]] || { bad "$what exited $rc"; cat "$work/$what.stderr" >&2; }
}
nonempty() { [[ -s "$1" ]] || bad "missing or empty: $1"; }
json_ok() {  # file, then whether the replacement must be noted (1/0)
  python3 - "$1" "$2" <<'PY' || bad "$1 is not valid UTF-8 JSON with the expected note"
import json, sys
raw = open(sys.argv[1], 'rb').read()
raw.decode('utf-8')  # strict: raises on an invalid byte
doc = json.loads(raw)
if sys.argv[2] == '1':
    assert 'text_note' in doc, 'the replaced byte is not noted'
    assert '\ufffd' in raw.decode('utf-8'), 'no U+FFFD written'
PY
}

out1="$work/study-$hostile"
run study "$program" study sliding --schemes pbd --points 4 --h-min 1e-3 --quiet --out "$out1"
for f in error_vs_h.png error_vs_h.svg error_vs_work.png summary.json; do nonempty "$out1/$f"; done
json_ok "$out1/summary.json" 0

out2="$work/audit-$hostile"
run audit "$program" audit --scheme pbd --problem-plugin "$plugin" --max-problems 1 --jobs "${SWEEPCHECK_TEST_JOBS:-2}" --quiet --out "$out2"
nonempty "$out2/audit.md"
nonempty "$out2/audit.json"
json_ok "$out2/audit.json" 1
ls "$out2"/*.png >/dev/null 2>&1 || bad "the audit drew no figure in $out2"

out3="$work/plugin-study-$hostile"
run plugin-study "$program" study --problem-plugin "$plugin" --schemes pbd --h-max 0.1 --points 4 --quiet --out "$out3"
nonempty "$out3/summary.json"
json_ok "$out3/summary.json" 1
ls "$out3"/*.png >/dev/null 2>&1 || bad "the plugin study drew no figure in $out3"

[[ -e "$SWEEPCHECK_PWNED" ]] && bad "a command embedded in a name ran: $SWEEPCHECK_PWNED exists"
[[ $fail -eq 0 ]] && echo "no command ran; every file written"
exit $fail
