#!/usr/bin/env bash
# README command 1: install, build, and regenerate the default report in
# report/ (index: report/README.md). Pass extra arguments to
# `sweepcheck report`, e.g. --only sliding.
set -euo pipefail
cd "$(dirname "$0")/.."
ci/build.sh
build/app/sweepcheck report --out report "$@"
