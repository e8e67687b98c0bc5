#!/usr/bin/env bash
# Builds Examples/UndoGesture, the example app as an outside package that depends on the library products TouchUI,
# SeatInput, WaylandApp and TouchUITesting by path, runs its tests, and checks that it built warning-free, that
# every import is a declared dependency, and that only the modules of those products (the window's Wayland client
# and protocol code included) and its own were compiled: nothing of the painting programs, their renderer or GIO
# (docs/examples.md, "The example app"). Its program's tests on touch-replay are the repository's
# (Tests/UndoGestureProgramTests), which run the program this builds. Run by `make test`; scratch folder
# .build/undo-gesture.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build/undo-gesture

build() { "$SWIFT" "$@" --package-path Examples/UndoGesture --scratch-path "$scratch"; }
# The products' modules and what they are built from, the example's own, and swift-argument-parser's.
library="Geometry TouchUI SeatStream SeatInput TouchUITesting WaylandApp WaylandClient Threading CShims CWaylandProtocols"
own="UndoGestureBoard undo_gesture UndoGestureTests UndoGesturePackageTests UndoGesturePackageDiscoveredTests"
parser="ArgumentParser ArgumentParserToolInfo"
allowed="$library $own $parser"

# What an earlier build left of other modules goes first, so that any object file found below was made by this build.
for dir in "$scratch"/debug/*.build; do
    [ -d "$dir" ] || continue
    case " $allowed " in *" $(basename "$dir" .build) "*) ;; *) rm -rf "$dir" ;; esac
done

if ! log=$(build build --build-tests --explicit-target-dependency-import-check error 2>&1); then echo "$log"; exit 1; fi
if echo "$log" | grep -E "warning:" | grep -v -- "-pthread"; then echo "check-undo-gesture: warnings"; exit 1; fi
"$scratch/debug/undo-gesture" --version >/dev/null || { echo "check-undo-gesture: undo-gesture --version failed"; exit 1; }
if ! log=$(build test --skip-build 2>&1); then echo "$log"; exit 1; fi

# Every module compiled: a folder NAME.build with object files in it (SwiftPM makes the folder of every target in the
# graph while planning, so an empty one means nothing was built). Only the allowed.
built=()
unexpected=()
for dir in "$scratch"/debug/*.build; do
    [ -n "$(find "$dir" -name '*.o' -print -quit)" ] || continue
    name=$(basename "$dir" .build)
    built+=("$name")
    case " $allowed " in *" $name "*) ;; *) unexpected+=("$name") ;; esac
done
if [ ${#unexpected[@]} -gt 0 ]; then
    echo "check-undo-gesture: the example compiled modules it does not need: ${unexpected[*]}"
    exit 1
fi
for needed in TouchUI SeatInput WaylandApp WaylandClient UndoGestureBoard undo_gesture UndoGestureTests; do
    case " ${built[*]} " in *" $needed "*) ;; *) echo "check-undo-gesture: $needed was not built"; exit 1 ;; esac
done
echo "check-undo-gesture: compiled ${built[*]}; nothing else"
