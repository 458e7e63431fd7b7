#!/bin/sh
# Every test, as CI runs it (.ci/run, and the README's second command
# after third_party/install_deps.sh --tests), in five phases:
#   release-build     the Release tree (build/)
#   release-tests     every test there, the slow tier included
#   sanitized-build   one clang tree under ASan+UBSan at -O1 -g1
#                     (build-asan/): the tests and the libFuzzer targets
#                     both, the libraries instrumented for the fuzzers
#   sanitized-tests   every test there but the slow tier's larger boards
#                     (its model-based case, the broadest per second, runs)
#   fuzz              every fuzz target for SECONDS (default 30), one a core
# and at its end, pass or fail, one line a phase with its seconds.
# Ninja builds both trees where it is installed (a tree keeps the
# generator it was made with), ccache compiles where it is installed.
#   tests/every_test.sh [SECONDS]
set -eu
seconds=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

phases=$(mktemp)
started=$(date +%s)
phase_start=$started
trap 'status=$?; echo "every_test: seconds per phase"; cat "$phases";
  echo "  total             $(( $(date +%s) - started ))";
  rm -f "$phases"; exit $status' EXIT
# phase NAME: the seconds since the last phase ended, recorded as NAME's.
phase() {
  now=$(date +%s)
  printf '  %-17s %s\n' "$1" $((now - phase_start)) >> "$phases"
  phase_start=$now
}

# configure DIR ARGS...: DIR configured once with Ninja if it is there.
configure() {
  dir=$1
  shift
  generator=""
  if [ ! -f "$dir/CMakeCache.txt" ] && command -v ninja > /dev/null; then
    generator="-G Ninja"
  fi
  launcher=""
  if command -v ccache > /dev/null; then
    launcher="-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"
  fi
  # shellcheck disable=SC2086
  cmake -S "$root" -B "$dir" $generator $launcher "$@" > /dev/null
}

configure build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2
phase release-build
ctest --test-dir build -j2 --output-on-failure
phase release-tests

CXX=${SATSLIDE_FUZZ_CXX:-clang++-14} configure build-asan \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSATSLIDE_SANITIZE=ON -DSATSLIDE_FUZZ=ON
cmake --build build-asan -j2
phase sanitized-build
ctest --test-dir build-asan -j2 --output-on-failure -LE slow
ctest --test-dir build-asan -j2 --output-on-failure -L slow -R "^model-based"
phase sanitized-tests
SATSLIDE_FUZZ_BUILD=$root/build-asan tests/fuzz/run_fuzzers.sh "$seconds"
phase fuzz
