#!/usr/bin/env bash
# Writes the AppStream listings (assets/*.metainfo.xml.in) into OUTDIR as *.metainfo.xml: @RELEASES@ becomes one
# <release> a CHANGELOG.md section ("## 0.6.0 — title (from to TO)" dated TO; "## Unreleased (0.7.0)" a development
# release dated by the last commit), newest first, and @SCREENSHOTS@ the screenshots' base URL (SCREENSHOT_URL, by
# default the release's folder on the project's pages; docs/packaging.md).
# Usage: scripts/metainfo.sh OUTDIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/metainfo.sh OUTDIR}
version=$(sed -n 's/.*public static let current = "\(.*\)".*/\1/p' Sources/CommandLineSupport/CommandLineSupport.swift)
[ -n "$version" ] || { echo "metainfo.sh: no version in Sources/CommandLineSupport/CommandLineSupport.swift" >&2; exit 1; }
screenshots=${SCREENSHOT_URL:-https://fingerpaint.github.io/fingerpaint/screenshots/$version}
today=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)

releases=$(awk -v today="$today" '
    function xml(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
    /^## / {
        line = substr($0, 4)
        if (!match(line, /[0-9]+\.[0-9]+\.[0-9]+/)) next
        version = substr(line, RSTART, RLENGTH)
        date = ""; rest = line
        while (match(rest, /[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/)) { date = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH) }
        title = ""
        if (index(line, " — ")) { title = substr(line, index(line, " — ") + 5); sub(/ *\([^)]*\)$/, "", title) }
        if (line ~ /^Unreleased/) {
            printf "    <release version=\"%s\" date=\"%s\" type=\"development\">\n", version, today
            printf "      <description>\n        <p>Not yet released: what is new is listed in the changelog.</p>\n      </description>\n"
        } else {
            printf "    <release version=\"%s\" date=\"%s\">\n", version, date
            if (title != "") printf "      <description>\n        <p>%s</p>\n      </description>\n", toupper(substr(title, 1, 1)) xml(substr(title, 2))
        }
        printf "      <url>https://github.com/fingerpaint/fingerpaint/blob/main/CHANGELOG.md</url>\n    </release>\n"
    }' CHANGELOG.md)
[ -n "$releases" ] || { echo "metainfo.sh: no release in CHANGELOG.md" >&2; exit 1; }

mkdir -p "$out"
for template in assets/*.metainfo.xml.in; do
    name=$(basename "$template" .in)
    awk -v releases="$releases" -v screenshots="$screenshots" '
        /^@RELEASES@$/ { print releases; next }
        { gsub(/@SCREENSHOTS@/, screenshots); print }' "$template" > "$out/$name.$$"
    mv "$out/$name.$$" "$out/$name"
done
