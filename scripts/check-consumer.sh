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

# What an earlier build left of other modules goes first, so that any object file found below was made by this build.
for dir in "$scratch"/debug/*.build; do
    [ -d "$dir" ] || continue
    case " $allowed " in *" $(basename "$dir" .build) "*) ;; *) rm -rf "$dir" ;; esac
done

if ! log=$(build build --build-tests 2>&1); then echo "$log"; exit 1; fi
# The library's code must build warning-free for a consumer too.
if echo "$log" | grep -E "warning:" | grep -v -- "-pthread"; then echo "check-consumer: warnings"; exit 1; fi
output=$("$scratch/debug/consumer")
echo "$output" | grep -qx 'arena: PinchGestureRecognizer "zoom" \[touches 1,2\] began' ||
    { echo "check-consumer: the pinch did not begin:"; echo "$output"; exit 1; }
echo "$output" | grep -qx 'tap ended' || { echo "check-consumer: the two-finger tap was not recognized:"; echo "$output"; exit 1; }
if ! log=$(build test --skip-build 2>&1); then echo "$log"; exit 1; fi

# Every module compiled: a folder NAME.build with object files in it, per Swift or C target (SwiftPM makes the
# folder of every target in the graph while planning, so an empty one means nothing was built). Only the allowed.
built=()
unexpected=()
for dir in "$scratch"/debug/*.build; do
    [ -n "$(find "$dir" -name '*.o' -print -quit)" ] || continue
    name=$(basename "$dir" .build)
    built+=("$name")
    case " $allowed " in *" $name "*) ;; *) unexpected+=("$name") ;; esac
done
if [ ${#unexpected[@]} -gt 0 ]; then
    echo "check-consumer: a consumer of the library products compiled modules it does not need: ${unexpected[*]}"
    exit 1
fi
for needed in Geometry TouchUI SeatStream SeatInput TouchUITesting consumer; do
    case " ${built[*]} " in *" $needed "*) ;; *) echo "check-consumer: $needed was not built"; exit 1 ;; esac
done
echo "check-consumer: compiled ${built[*]}; nothing else"
