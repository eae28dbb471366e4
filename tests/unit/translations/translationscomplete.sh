#!/usr/bin/env bash
# translationscomplete.sh BUILD_DIR LUPDATE GENERATE_LUPDATE_PROJECT_CMAKE
# For each catalogue's lupdate project of the build, updates copies of its .ts files from the
# sources and fails, naming the texts, when any is left without a translation. English is the
# source language: its catalogues need only the plural forms of the texts with %n.
set -euo pipefail
build=$1 lupdate=$2 generate=$3
work=$(mktemp -d /tmp/gatehouse-translations.XXXXXX)
trap 'rm -rf "$work"' EXIT
projects=$(find "$build" -path '*/.lupdate/*_project.cmake' -not -path '*/tests/*' | sort)
[ -n "$projects" ] || { echo "no lupdate projects under $build" >&2; exit 1; }
failed=0 checked=0
for project in $projects; do
  name=$(basename "$project" .cmake)
  json="$work/$name.json"
  (cd "$(dirname "$(dirname "$project")")" && cmake -DIN_FILE="$project" -DOUT_FILE="$json" -P "$generate")
  for ts in $(python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1]))["translations"]))' "$json"); do
    pluralsOnly=0
    case "$ts" in *_en.ts) pluralsOnly=1 ;; esac
    copy="$work/$(basename "$ts")"
    cp "$ts" "$copy"
    "$lupdate" -project "$json" -locations none -no-obsolete -ts "$copy" >/dev/null 2>&1
    checked=$((checked + 1))
    missing=$(python3 - "$copy" "$pluralsOnly" <<'PY'
import sys, xml.etree.ElementTree as ET
plurals_only = sys.argv[2] == '1'
for message in ET.parse(sys.argv[1]).getroot().iter('message'):
    if plurals_only and message.get('numerus') != 'yes':
        continue
    translation = message.find('translation')
    if translation is not None and translation.get('type') == 'unfinished':
        print('  ' + (message.findtext('source') or ''))
PY
)
    if [ -n "$missing" ]; then
      echo "$(basename "$ts"): texts without a translation (run the update_translations target, then translate):"
      echo "$missing"
      failed=1
    fi
  done
done
echo "$checked catalogue(s) checked"
exit $failed
