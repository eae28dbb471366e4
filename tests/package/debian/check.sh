#!/usr/bin/env bash
# The Debian packages as an operator installs them, checked offline (no systemd runs here).
#   check.sh build BUILD_DIR          packaging/package.sh --no-build on BUILD_DIR
#   check.sh lintian BUILD_DIR        lintian: no error, no warning that has no override
#   check.sh contents BUILD_DIR       each package's file list is the expected one (*.files here)
#   check.sh unit BUILD_DIR           systemd-analyze verify (clean) and security --offline (<= 2.0)
#                                     on the unit as installed
#   check.sh scripts BUILD_DIR        the maintainer scripts, twice each, into a scratch root
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../../.." && pwd)
step=$1
build_dir=$(realpath "$2")
packages=$build_dir/packages
work=$build_dir/tests/package/debian-$step
rm -rf "$work"
mkdir -p "$work"

fail() { echo "FAIL: $*" >&2; exit 1; }
deb() { ls "$packages"/"$1"_*.deb 2>/dev/null | head -1; }
extract() {   # extract PACKAGE... into $work/root
  mkdir -p "$work/root"
  for p in "$@"; do
    [ -n "$(deb "$p")" ] || fail "no $p package in $packages (did package_build run?)"
    dpkg-deb -x "$(deb "$p")" "$work/root"
  done
}

case $step in
build)
  GATEHOUSE_BUILD_DIR=$build_dir "$source_dir/packaging/package.sh" --no-build
  for p in gatehouse-server gatehouse-admin libgatehouse0 libgatehouse-dev; do
    [ -n "$(deb "$p")" ] || fail "package.sh made no $p package"
  done
  ;;

lintian)
  # --fail-on none: the verdict is ours (below), with every tag lintian has to say printed.
  lintian --fail-on none --tag-display-limit 0 --display-info --show-overrides "$packages"/*.deb | tee "$work/lintian.txt"
  if grep -E '^(E|W): ' "$work/lintian.txt"; then
    fail "lintian reports errors or warnings (above) that packaging/debian does not override with a reason"
  fi
  ;;

contents)
  arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
  for p in gatehouse-server gatehouse-admin libgatehouse0 libgatehouse-dev; do
    dpkg-deb --fsys-tarfile "$(deb "$p")" | tar -t | sed -e 's|^\./|/|' -e "s|$arch|MULTIARCH|g" \
      | grep -v '/$' | sort > "$work/$p.files"
    if ! diff -u "$here/$p.files" "$work/$p.files"; then
      fail "$p: the files differ from tests/package/debian/$p.files (- expected, + packaged)"
    fi
  done
  # The configuration is a conffile; the secret is not shipped (postinst makes it).
  dpkg-deb -I "$(deb gatehouse-server)" conffiles | grep -qx /etc/gatehouse/gatehouse.json \
    || fail "/etc/gatehouse/gatehouse.json is not a conffile"
  # Depends: from the libraries actually linked (dpkg-shlibdeps), plus the plugins and QML.
  depends=$(dpkg-deb -f "$(deb gatehouse-server)" Depends)
  echo "gatehouse-server Depends: $depends"
  for needed in libgatehouse0 libqt6core6 libqt6qml6 libsystemd0 libqt6sql6-sqlite; do
    grep -q "$needed" <<<"$depends" || fail "gatehouse-server does not depend on $needed"
  done
  # The library's own runtime libraries, libqrencode (QR codes of two-factor enrolment) among them.
  libdepends=$(dpkg-deb -f "$(deb libgatehouse0)" Depends)
  echo "libgatehouse0 Depends: $libdepends"
  for needed in libargon2-1 libqrencode4; do
    grep -q "$needed" <<<"$libdepends" || fail "libgatehouse0 does not depend on $needed"
  done
  ;;

unit)
  extract gatehouse-server
  unit=$work/root/lib/systemd/system/gatehouse.service
  [ -f "$unit" ] || fail "gatehouse-server installs no gatehouse.service"
  # verify looks at the unit inside the root: give it the units it refers to and kill.
  cp -n /lib/systemd/system/*.target "$work/root/lib/systemd/system/" 2>/dev/null || true
  mkdir -p "$work/root/bin" && cp /bin/kill "$work/root/bin/kill"
  systemd-analyze verify --man=no --root="$work/root" gatehouse.service >"$work/verify.txt" 2>&1 \
    || { cat "$work/verify.txt"; fail "systemd-analyze verify failed"; }
  if [ -s "$work/verify.txt" ]; then cat "$work/verify.txt"; fail "systemd-analyze verify is not clean"; fi
  echo "systemd-analyze verify: clean"
  systemd-analyze security --offline=yes --no-pager --root="$work/root" gatehouse.service >"$work/security.txt" 2>&1 || true
  score=$(sed -n 's/.*Overall exposure level for gatehouse.service: \([0-9.]*\).*/\1/p' "$work/security.txt")
  [ -n "$score" ] || { cat "$work/security.txt"; fail "systemd-analyze security gave no score"; }
  grep '✗' "$work/security.txt" || true
  echo "systemd-analyze security --offline=yes: $score"
  awk -v s="$score" 'BEGIN { exit !(s <= 2.0) }' || fail "exposure $score is above 2.0"
  # What the issue asks of the unit, line by line.
  for line in Type=notify WatchdogSec= 'ExecReload=/bin/kill -HUP $MAINPID' StateDirectory=gatehouse \
              ConfigurationDirectory=gatehouse 'CapabilityBoundingSet=' NoNewPrivileges=yes ProtectSystem=strict \
              ProtectHome=yes PrivateTmp=yes PrivateDevices=yes ProtectKernelTunables=yes ProtectKernelModules=yes \
              ProtectKernelLogs=yes ProtectControlGroups=yes 'RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6' \
              RestrictNamespaces=yes LockPersonality=yes SystemCallFilter=@system-service UMask=0077 \
              'LoadCredential=AUTH_SECRET:/etc/gatehouse/secret' MemoryDenyWriteExecute=yes User=gatehouse; do
    grep -qxF -- "$line" "$unit" || grep -qx -- "${line}[0-9a-z]*" "$unit" || fail "the unit lacks $line"
  done
  [ -f "$work/root/usr/lib/sysusers.d/gatehouse.conf" ] || fail "no sysusers.d entry for the gatehouse user"
  ;;

scripts)
  extract gatehouse-server
  control=$work/control
  dpkg-deb -e "$(deb gatehouse-server)" "$control"
  # Stand-ins for the tools the debhelper parts call, so that nothing touches this machine's
  # users or services; each records its call.
  mkdir -p "$work/bin"
  for tool in systemd-sysusers deb-systemd-helper deb-systemd-invoke systemctl; do
    printf '#!/bin/sh\necho "%s $*" >> "%s/calls.txt"\n' "$tool" "$work" > "$work/bin/$tool"
    chmod +x "$work/bin/$tool"
  done
  export DPKG_ROOT=$work/root PATH=$work/bin:$PATH
  secret=$DPKG_ROOT/etc/gatehouse/secret
  [ ! -e "$secret" ] || fail "the package ships a secret"
  "$control/postinst" configure ""
  [ -f "$secret" ] || fail "postinst configure made no secret"
  [ "$(stat -c '%a %U %G' "$secret")" = "600 root root" ] || fail "the secret is $(stat -c '%a %U %G' "$secret"), not 600 root root"
  [ "$(wc -c <"$secret")" -ge 43 ] || fail "the secret is shorter than 32 bytes of base64"
  first=$(cat "$secret")
  "$control/postinst" configure ""
  "$control/postinst" configure "0.1.0"          # an upgrade keeps it too
  [ "$(cat "$secret")" = "$first" ] || fail "running postinst again replaced the secret"
  [ -z "$(ls "$DPKG_ROOT/etc/gatehouse" | grep -v -e '^gatehouse.json$' -e '^secret$')" ] || fail "postinst left temporary files"
  grep -q "systemd-sysusers --root=$DPKG_ROOT gatehouse.conf" "$work/calls.txt" || fail "postinst does not create the user"
  grep -q "deb-systemd-helper enable gatehouse.service" "$work/calls.txt" || fail "postinst does not enable gatehouse.service"
  "$control/prerm" remove
  "$control/postrm" remove
  [ -f "$secret" ] || fail "remove (not purge) deleted the secret"
  "$control/postrm" purge
  "$control/postrm" purge
  [ ! -e "$secret" ] || fail "purge left the secret"
  echo "maintainer scripts: secret made once (600 root), kept by a second configure and an upgrade, purged twice"
  ;;

*)
  fail "unknown step $step"
  ;;
esac
