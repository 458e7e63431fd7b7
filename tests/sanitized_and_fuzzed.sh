#!/bin/sh
# The second half of "every test": the suite again under AddressSanitizer
# and UndefinedBehaviorSanitizer (build-asan), then every libFuzzer target
# for SECONDS each (default 30; tests/fuzz/run_fuzzers.sh). Run from
# anywhere after third_party/install_deps.sh --tests.
#
# Under the sanitizers the slow tier runs only its model-based cases (random
# boards of every family, the widest reach per second): its other cases
# repeat quick ones on more or larger boards, took a quarter of the Release
# suite's test time (374 of 1,430 s) and several times that here, and CI
# must end well inside its 90 minutes. The Release run before this one
# runs them all.
set -eu
seconds=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSATSLIDE_SANITIZE=ON > /dev/null
cmake --build "$root/build-asan" -j2
ctest --test-dir "$root/build-asan" -j2 --output-on-failure -LE slow
ctest --test-dir "$root/build-asan" -j2 --output-on-failure -L slow \
  -R "^model-based"
"$root/tests/fuzz/run_fuzzers.sh" "$seconds"
