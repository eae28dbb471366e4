#!/usr/bin/env bash
# Installs what Gatehouse needs to build, run and test on Debian 12, and nothing that is
# already there. Run as root (or through sudo). Prints what it installs.
#   packaging/install-deps.sh          build + run + test dependencies
#   packaging/install-deps.sh --run    only what building and running need
set -euo pipefail

build_run=(
  g++ cmake ninja-build pkg-config ccache lld
  qt6-base-dev qt6-httpserver-dev qt6-websockets-dev qt6-declarative-dev
  qml6-module-qtquick-controls qml6-module-qtquick-dialogs qml6-module-qtquick-layouts
  qml6-module-qtquick-shapes qml6-module-qtquick-templates qml6-module-qtquick-window
  qml6-module-qt-labs-settings qml6-module-qtqml-models qml6-module-qtqml-workerscript qml6-module-qttest
  libqt6svg6 chromium
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqt6sql6-sqlite libqt6sql6-psql libqt6sql6-mysql libsqlite3-dev
  libssl-dev libcjose-dev libjansson-dev libargon2-dev libcrypt-dev libcurl4-openssl-dev
  libsystemd-dev libqrencode-dev
  qtkeychain-qt6-dev
)
# Real servers and the browser the test suite starts on 127.0.0.1 by itself; clang with its
# libFuzzer and sanitizer runtimes and llvm-symbolizer for the fuzz targets (tests/fuzz) and
# the test suite's sanitizer build (packaging/test-sanitize.sh).
test_only=(postgresql mariadb-server chromium clang libclang-rt-14-dev llvm)
# The Debian packages (packaging/package.sh) and their checks: debhelper builds them, lintian
# checks them, systemd's systemd-analyze checks the unit offline.
test_only+=(debhelper dpkg-dev fakeroot lintian systemd)
# promtool (from prometheus; the server itself is never started) checks the /metrics page.
test_only+=(prometheus)
# oathtool computes TOTP codes independently of Gatehouse for the twofactor unit tests.
test_only+=(oathtool)
# nginx and Caddy in front of the server and an upstream app for the forward-authentication
# end-to-end tests (tests/e2e/forwardauth), started by the tests with their own files, never as
# services.
test_only+=(nginx caddy)
# The tools of other ecosystems whose password hashes the legacy-hash tests verify
# (tests/unit/legacyhashes): htpasswd, mkpasswd, argon2, and Debian's Python with passlib and Django.
test_only+=(apache2-utils whois argon2 python3-passlib python3-django)
# The load generator and the instruction counter of the benchmarks under tests/bench (not run by
# the test command; their scripts send whoever lacks them here).
test_only+=(wrk valgrind)

wanted=("${build_run[@]}")
[ "${1:-}" = "--run" ] || wanted+=("${test_only[@]}")

missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
# Node.js and npm (the interop and end-to-end tests): any installation will do.
if [ "${1:-}" != "--run" ] && ! command -v npm >/dev/null 2>&1; then
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  missing+=(npm)
fi

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The database, prometheus, nginx and caddy packages start system services; the tests run their own
# throwaway servers and need only promtool.
for service in postgresql mariadb prometheus nginx caddy; do
  if command -v service >/dev/null 2>&1 && service "$service" status >/dev/null 2>&1; then
    $SUDO service "$service" stop >/dev/null 2>&1 || true
  fi
done
echo "install-deps: all dependencies present"
