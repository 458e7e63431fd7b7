#!/bin/sh
# The Debian package as users get it: `cpack -G DEB` in the build
# directory makes satslide_<version>_amd64.deb; its control names the
# run-time libraries (found by dpkg-shlibdeps), dpkg accepts it on this
# machine (--dry-run: nothing is installed), and its files, unpacked
# aside, hold a binary that runs, the man page and the completion.
#   deb_package.sh BUILD_DIR
set -eu
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$build" && cpack -G DEB -B "$work/out" > "$work/cpack.log" 2>&1)
deb=$(ls "$work"/out/satslide_*_amd64.deb)
depends=$(dpkg-deb -f "$deb" Depends)
for library in libboost-program-options libfmt libspdlog; do
  case "$depends" in
    *"$library"*) ;;
    *) echo "Depends lacks $library: $depends"; exit 1 ;;
  esac
done
if [ "$(id -u)" -eq 0 ]; then
  dpkg --dry-run -i "$deb" > "$work/dpkg.log"
fi
dpkg-deb -x "$deb" "$work/root"
"$work/root/usr/bin/satslide" --version | grep -q '^satslide '
gzip -dc "$work/root/usr/share/man/man1/satslide.1.gz" | grep -q '^.SH OPTIONS'
grep -q '^complete -F _satslide satslide' \
  "$work/root/usr/share/bash-completion/completions/satslide"
test -f "$work/root/usr/include/satslide/planner/planner.hpp"
echo "$(basename "$deb"): $depends"
