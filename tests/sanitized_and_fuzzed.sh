#!/bin/sh
# The second half of "every test": the whole suite again under
# AddressSanitizer and UndefinedBehaviorSanitizer (build-asan), then every
# libFuzzer target for SECONDS each (default 30; tests/fuzz/run_fuzzers.sh).
# Run from anywhere after third_party/install_deps.sh --tests.
set -eu
seconds=${1:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DSATSLIDE_SANITIZE=ON > /dev/null
cmake --build "$root/build-asan" -j2
ctest --test-dir "$root/build-asan" -j2 --output-on-failure
"$root/tests/fuzz/run_fuzzers.sh" "$seconds"
