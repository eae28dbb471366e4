#!/usr/bin/env bash
# Builds the Debian packages gatehouse-server, gatehouse-admin, libgatehouse0 and
# libgatehouse-dev into build/packages/ (packaging/README.md says how and why this way).
#   packaging/package.sh              install what is missing, build ./build, package it
#   packaging/package.sh --no-build   package ./build as it is (the test suite packages the
#                                     tree it runs on)
#   DBGSYM=1 packaging/package.sh     also the -dbgsym packages (slower)
# GATEHOUSE_BUILD_DIR names another build tree (configured for the prefix /usr).
set -euo pipefail
cd "$(dirname "$0")/.."
source_dir=$PWD
build_dir=$(realpath -m "${GATEHOUSE_BUILD_DIR:-$source_dir/build}")

if [ "${1:-}" != "--no-build" ]; then
  packaging/install-deps.sh
  packaging/build.sh
fi

version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
project_version=$(sed -n 's/^project(Gatehouse VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
if [ "$version" != "$project_version" ]; then
  echo "package.sh: packaging/debian/changelog is at $version, CMakeLists.txt at $project_version" >&2
  exit 1
fi
prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build_dir/CMakeCache.txt" 2>/dev/null || true)
if [ "$prefix" != /usr ]; then
  echo "package.sh: $build_dir is not a build tree for the prefix /usr (found '${prefix}'); run packaging/build.sh" >&2
  exit 1
fi

out=$build_dir/packages
stage=$out/stage/gatehouse-$version
rm -rf "$out"
mkdir -p "$stage"
cp -r packaging/debian "$stage/debian"
cp README.md "$stage/"

options="nocheck"
[ "${DBGSYM:-0}" = 1 ] || options+=" noddebs"
(
  cd "$stage"
  GATEHOUSE_BUILD_DIR=$build_dir GATEHOUSE_SOURCE_DIR=$source_dir DEB_BUILD_OPTIONS=$options \
    dpkg-buildpackage --build=binary --no-sign --no-pre-clean >"$out/dpkg-buildpackage.log" 2>&1
) || { tail -40 "$out/dpkg-buildpackage.log" >&2; echo "package.sh: dpkg-buildpackage failed; see $out/dpkg-buildpackage.log" >&2; exit 1; }
mv "$out"/stage/*.deb "$out"/
[ "${DBGSYM:-0}" = 1 ] && mv "$out"/stage/*.ddeb "$out"/ 2>/dev/null
mv "$out"/stage/*.changes "$out"/stage/*.buildinfo "$out"/ 2>/dev/null || true
rm -rf "$out/stage"
ls -1 "$out"/*.deb
