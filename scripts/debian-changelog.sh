#!/usr/bin/env bash
# Writes CHANGELOG.md as a Debian changelog (deb-changelog(5)) on standard output: one entry a "## " section that
# names a version (VERSION-1, the package's first Debian revision), one "  * " item each "- " item, prefixed with its
# "### " heading, wrapped at 78 columns; dated by the section's last date, or by the last commit for "Unreleased".
# Usage: scripts/debian-changelog.sh "NAME <EMAIL>"
set -euo pipefail
cd "$(dirname "$0")/.."
maintainer=${1:?usage: scripts/debian-changelog.sh "NAME <EMAIL>"}
today=$(git log -1 --format=%cs 2>/dev/null || date -u +%F)
awk -v maintainer="$maintainer" -v today="$today" '
    function rfc2822(day,    cmd, out) {
        cmd = "date -u -R -d " day " 2>/dev/null"; out = ""
        cmd | getline out; close(cmd)
        return out
    }
    function flush(    words, n, i, line) {
        if (item == "") return
        gsub(/[ \t]+/, " ", item)
        n = split(item, words, " "); line = "  *"
        for (i = 1; i <= n; i++) {
            if (length(line) + 1 + length(words[i]) > 78 && line != "  *" && line != "   ") { print line; line = "   " }
            line = line " " words[i]
        }
        print line
        item = ""
    }
    function close_entry() {
        flush()
        if (open) printf "\n -- %s  %s\n\n", maintainer, date
        open = 0
    }
    /^## / {
        close_entry()
        line = substr($0, 4)
        if (!match(line, /[0-9]+\.[0-9]+\.[0-9]+/)) next
        version = substr(line, RSTART, RLENGTH)
        day = today; rest = line
        if (line !~ /^Unreleased/) while (match(rest, /[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/)) { day = substr(rest, RSTART, RLENGTH); rest = substr(rest, RSTART + RLENGTH) }
        date = rfc2822(day)
        if (date == "") { print "debian-changelog.sh: no date for " line > "/dev/stderr"; exit 1 }
        printf "fingerpaint (%s-1) unstable; urgency=medium\n\n", version
        open = 1; heading = ""
        next
    }
    !open { next }
    /^### / { flush(); heading = substr($0, 5) ": "; next }
    /^- / { flush(); item = heading substr($0, 3); next }
    /^[ \t]+[^ \t]/ { if (item != "") item = item " " $0; next }
    /^[ \t]*$/ { flush(); next }
    END { close_entry() }
' CHANGELOG.md
