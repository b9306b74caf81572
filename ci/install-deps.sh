#!/usr/bin/env bash
# Installs the Debian 12 packages sweepcheck needs to build, test and report.
# Idempotent: asks apt only for what is missing, and says nothing when all is there.
set -euo pipefail

packages=(
  build-essential clang lld cmake ninja-build
  libeigen3-dev
  libboost-dev libboost-iostreams-dev libboost-filesystem-dev
  libmpfr-dev libgmp-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  libgnuplot-iostream-dev gnuplot-nox
  libfccp-dev libcli11-dev nlohmann-json3-dev libfmt-dev
  libsiconos-kernel-dev
  libtbb-dev libopenmpi-dev openmpi-bin
  chromium python3
  python3-dev pybind11-dev python3-numpy python3-pytest python3-hypothesis
  python3-venv python3-setuptools python3-wheel python3-build python3-matplotlib
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

sudo_cmd=()
[[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
echo "ci/install-deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
