#!/usr/bin/env bash
# Builds Examples/Consumer, a package that depends on the library products TouchUI, SeatInput and TouchUITesting by
# path, runs its program and its test, and checks that only the library's own modules were built for it: nothing of
# the programs' Wayland, Cairo, GIO or drawing code (docs/examples.md, "A consumer of the library products").
# SwiftPM still looks the system library targets up with pkg-config when it loads the graph (a missing one is a
# warning only; "-pthread" warnings come from there) but compiles and links nothing of them for this consumer.
# Run by `make test`; its scratch folder is .build/consumer.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
scratch=.build/consumer

build() { "$SWIFT" "$@" --package-path Examples/Consumer --scratch-path "$scratch"; }
allowed="Geometry TouchUI SeatStream SeatInput TouchUITesting consumer ConsumerTests ConsumerPackageTests ConsumerPackageDiscoveredTests"

checker=check-consumer
# shellcheck source=package-modules.sh
source scripts/package-modules.sh
clear_other_modules

if ! log=$(build build --build-tests 2>&1); then echo "$log"; exit 1; fi
# The library's code must build warning-free for a consumer too.
if echo "$log" | grep -E "warning:" | grep -v -- "-pthread"; then echo "check-consumer: warnings"; exit 1; fi
output=$("$scratch/debug/consumer")
echo "$output" | grep -qx 'arena: PinchGestureRecognizer "zoom" \[touches 1,2\] began' ||
    { echo "check-consumer: the pinch did not begin:"; echo "$output"; exit 1; }
echo "$output" | grep -qx 'tap ended' || { echo "check-consumer: the two-finger tap was not recognized:"; echo "$output"; exit 1; }
if ! log=$(build test --skip-build 2>&1); then echo "$log"; exit 1; fi

check_compiled_modules "a consumer of the library products" Geometry TouchUI SeatStream SeatInput TouchUITesting consumer
