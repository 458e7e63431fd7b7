#!/bin/sh
# Installs the Debian 12 packages satslide needs, and only those that are
# missing: to build and run it (no argument), or also to run every test
# and benchmark (--tests: outside SAT solvers, fuzzing, Ninja, the game in tmux,
# a SLURM cluster, the function-length check's ctags, the --html pages
# in headless Chromium). Runs apt-get as root, or through sudo.
#   install_deps.sh [--tests]
set -eu

packages="build-essential cmake libcadical-dev libboost-program-options-dev \
libspdlog-dev libfmt-dev doctest-dev nlohmann-json3-dev libncurses-dev nettle-dev \
pkg-config python3"
if [ "${1:-}" = "--tests" ]; then
  packages="$packages cadical minisat picosat cryptominisat hyperfine \
gnuplot-nox parallel clang-14 libfuzzer-14-dev ninja-build tmux universal-ctags \
chromium chromium-driver python3-selenium slurm-wlm munge"
elif [ $# -gt 0 ]; then
  echo "usage: install_deps.sh [--tests]" >&2
  exit 2
fi

missing=""
for p in $packages; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
      grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ]; then
  echo "install_deps: all packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "install_deps: installing$missing"
$sudo apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
