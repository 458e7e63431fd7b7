#!/bin/sh
# The installed satslide as its users get it: `cmake --install` into a
# fresh prefix gives the binary, the man page and the bash completion,
# and a program outside the tree builds against the installed CMake
# package (find_package(satslide), satslide::planner) and solves a board
# through planner::solve with the binary's own answer.
#   install_and_link.sh BUILD_DIR SOURCE_DIR [FLAGS [CXX]]
# FLAGS: compiler and linker flags the program needs to link the
# installed libraries (the sanitizers', for a sanitized build); CXX: the
# compiler that built them (a sanitized build's runtime is its own).
set -eu
build=$1
source=$2
flags=${3:-}
cxx=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log"
prefix=$work/prefix
test -x "$prefix/bin/satslide"
"$prefix/bin/satslide" --version | grep -q '^satslide '
gzip -dc "$prefix/share/man/man1/satslide.1.gz" | grep -q '^.SH EXIT STATUS'
completion=$prefix/share/bash-completion/completions/satslide
test -s "$completion"
words=$(bash -c ". '$completion'; COMP_WORDS=(satslide --engine ''); COMP_CWORD=2; _satslide; echo \"\${COMPREPLY[*]}\"")
case " $words " in *" horizons "*) ;; *) echo "completion of --engine: '$words'"; exit 1 ;; esac

cmake -S "$source/tests/install/consumer" -B "$work/consumer" \
  ${cxx:+-DCMAKE_CXX_COMPILER="$cxx"} \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_EXE_LINKER_FLAGS="$flags" \
  > "$work/configure.log"
cmake --build "$work/consumer" > "$work/build.log"
board="8 6 7 2 5 4 3 0 1"
linked=$("$work/consumer/consumer" "$board")
length=$("$prefix/bin/satslide" --puzzle 8 --board "$board" --json -q |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["length"])')
if [ "$linked" != "$length optimal" ]; then
  echo "the linked program says '$linked', satslide $length moves"
  exit 1
fi
echo "installed and linked: $linked"
