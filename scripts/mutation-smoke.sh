#!/bin/bash
# A mutation smoke test, outside `make test`: applies each mutation of scripts/mutations.txt to the sources, one at a
# time, rebuilds, runs the suites it names, and counts the tests that fail. A mutant is killed when at least one
# test fails; the sources are restored after each. Prints one line per mutant and the score; writes the table to
# .build/mutation-smoke.md.
#
#     scripts/mutation-smoke.sh [ID...]        # every mutation, or only those named
#
# Needs `make generate` and a built tree (`swift build --build-tests`) first; run it on a clean work tree.
set -u
cd "$(dirname "$0")/.."
list=scripts/mutations.txt
report=.build/mutation-smoke.md
wanted=" $* "
killed=0; total=0
backup=$(mktemp -d)
trap 'rm -rf "$backup"' EXIT
echo "| mutant | what it breaks | failing tests |" > "$report"
echo "|---|---|---|" >> "$report"
while IFS='|' read -r id file find replace filter description; do
    case $id in ''|'#'*) continue;; esac
    [ "$wanted" = "  " ] || [[ $wanted == *" $id "* ]] || continue
    total=$((total + 1))
    cp "$file" "$backup/original"
    # Literal replacement of exactly one occurrence; \n in FIND and REPLACE stand for newlines.
    if ! FIND=$find REPLACE=$replace perl -0pi -e '
        BEGIN { ($f, $r) = ($ENV{FIND}, $ENV{REPLACE}); s/\\n/\n/g for $f, $r; }
        $n = () = /\Q$f\E/g; die "found $n times\n" unless $n == 1; s/\Q$f\E/$r/;
    ' "$file"; then
        echo "$id: mutation does not apply to $file"; cp "$backup/original" "$file"; exit 2
    fi
    # A mutation of the example app is built and tested in its own package (an outside package by path).
    case $file in
        Examples/UndoGesture/*) package=(--package-path Examples/UndoGesture --scratch-path .build/undo-gesture) ;;
        *) package=() ;;
    esac
    if ! swift build --build-tests "${package[@]}" > "$backup/build.log" 2>&1; then
        echo "$id: does not compile"; tail -5 "$backup/build.log"; cp "$backup/original" "$file"; exit 2
    fi
    swift test --skip-build "${package[@]}" --filter "${filter//,/|}" > "$backup/test.log" 2>&1
    status=$?
    # One line per failing test ("✘ Test name() failed …"); the summary line is "✘ Test run with …".
    failing=$(grep -E '^✘ Test .* (failed|recorded)' "$backup/test.log" | grep -v '^✘ Test run ' \
        | sed -E 's/^✘ Test ([^ ]+).*/\1/' | sort -u)
    count=$(printf '%s' "$failing" | grep -c . || true)
    if [ "$count" -gt 0 ]; then
        killed=$((killed + 1)); verdict="killed by $count"
    elif [ "$status" -ne 0 ]; then
        # No test reported a failure, yet the run failed: it crashed (a trap, a precondition).
        killed=$((killed + 1)); verdict="killed: the test run crashed"; failing="(crash)"
    else
        verdict="SURVIVED"
    fi
    echo "$id: $verdict ($description)"
    printf '| %s | %s | %s |\n' "$id" "$description" "${count}: $(echo $failing | sed 's/ /, /g')" >> "$report"
    cp "$backup/original" "$file"
done < "$list"
swift build --build-tests > /dev/null 2>&1
echo "score: $killed of $total killed"
echo "" >> "$report"; echo "Score: $killed of $total killed." >> "$report"
