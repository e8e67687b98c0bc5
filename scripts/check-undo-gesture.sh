#!/usr/bin/env bash
# Builds Examples/UndoGesture, the example app as an outside package that depends on the library products TouchUI,
# SeatInput, WaylandApp and TouchUITesting by path, runs its tests, and checks that it built warning-free, that
# every import is a declared dependency, and that only the modules of those products (the window's Wayland client
# and protocol code included, and Localization, through which the window client says what went wrong in the user's
# language) and its own were compiled: nothing of the painting programs, their renderer or GIO (docs/examples.md,
# "The example app"). Its program's tests on touch-replay are the repository's (Tests/UndoGestureProgramTests),
# which run the program this builds. Run by `make test`; scratch folder
# .build/undo-gesture.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build/undo-gesture

build() { "$SWIFT" "$@" --package-path Examples/UndoGesture --scratch-path "$scratch"; }
# The products' modules and what they are built from, the example's own, and swift-argument-parser's.
library="Geometry TouchUI SeatStream SeatInput TouchUITesting WaylandApp WaylandClient Threading CShims CWaylandProtocols Localization"
own="UndoGestureBoard undo_gesture UndoGestureTests UndoGesturePackageTests UndoGesturePackageDiscoveredTests"
parser="ArgumentParser ArgumentParserToolInfo"
allowed="$library $own $parser"

checker=check-undo-gesture
# shellcheck source=package-modules.sh
source scripts/package-modules.sh
clear_other_modules

if ! log=$(build build --build-tests --explicit-target-dependency-import-check error 2>&1); then echo "$log"; exit 1; fi
if echo "$log" | grep -E "warning:" | grep -v -- "-pthread"; then echo "check-undo-gesture: warnings"; exit 1; fi
"$scratch/debug/undo-gesture" --version >/dev/null || { echo "check-undo-gesture: undo-gesture --version failed"; exit 1; }
if ! log=$(build test --skip-build 2>&1); then echo "$log"; exit 1; fi

check_compiled_modules "the example" TouchUI SeatInput WaylandApp WaylandClient UndoGestureBoard undo_gesture UndoGestureTests
