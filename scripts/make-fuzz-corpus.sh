#!/usr/bin/env bash
# Makes the fuzzers' seed corpora (Fuzz/corpus/NAME) with the programs themselves: documents that fingerpaint
# wrote while touch-replay played traces into it, those traces, and seat-event and edit bytes. Run after a build;
# the output is committed, so this is only needed when the formats change.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME="$scratch/data" XDG_STATE_HOME="$scratch/state" XDG_CONFIG_HOME="$scratch/config"
mkdir -p Fuzz/corpus/document Fuzz/corpus/trace Fuzz/corpus/seat-events Fuzz/corpus/round-trip

# Traces: the small bundled one, a pen, a touchpad pinch, keys and a wheel (docs/trace-format.md's examples).
cp assets/two-fingers.jsonl Fuzz/corpus/trace/two-fingers.jsonl
cat > Fuzz/corpus/trace/pen.jsonl <<'TRACE'
{"canvas": [800, 600]}
{"t": 0, "tablet": "proximity_in", "tool": "pen", "x": 100, "y": 200}
{"t": 0, "tablet": "frame"}
{"t": 5, "tablet": "down"}
{"t": 5, "tablet": "motion", "x": 100, "y": 200, "pressure": 0.1, "tilt_x": 12.5, "tilt_y": -3}
{"t": 5, "tablet": "frame"}
{"t": 21, "tablet": "motion", "x": 140, "y": 210, "pressure": 0.6}
{"t": 21, "tablet": "frame"}
{"t": 37, "tablet": "motion", "x": 180, "y": 220, "pressure": 1}
{"t": 37, "tablet": "frame"}
{"t": 90, "tablet": "up"}
{"t": 90, "tablet": "frame"}
{"t": 95, "tablet": "proximity_out"}
{"t": 95, "tablet": "frame"}
TRACE
cat > Fuzz/corpus/trace/keys-and-wheel.jsonl <<'TRACE'
{"canvas": [800, 600]}
{"t": 0, "key": "ctrl", "state": "pressed"}
{"t": 100, "pointer": "axis", "dx": 0, "dy": -10}
{"t": 900, "key": "ctrl", "state": "released"}
TRACE

# Documents, written by fingerpaint itself as touch-replay plays each trace into it (then one undone stroke more).
for trace in two-fingers pen; do
    "$bin/touch-replay" --fast --trace "Fuzz/corpus/trace/$trace.jsonl" --output "$scratch/$trace.png" -- \
        "$bin/fingerpaint" "Fuzz/corpus/document/$trace.fpdraw" >/dev/null
done
printf '{"canvas": [800, 600]}\n{"t": 100, "key": "ctrl+z"}\n' > "$scratch/undo.jsonl"
cp Fuzz/corpus/document/two-fingers.fpdraw "$scratch/undone.fpdraw"
"$bin/touch-replay" --fast --trace "$scratch/undo.jsonl" --output "$scratch/undo.png" -- "$bin/fingerpaint" "$scratch/undone.fpdraw" >/dev/null
cp "$scratch/undone.fpdraw" Fuzz/corpus/document/with-undo.fpdraw

# Seat events and edits are decoded from bytes (Fuzz/Targets/FuzzTargets.swift): a few patterned seeds.
printf '\x00\x10\x01\x64\x00\x64\x00\x02\x10\x01\x80\x00\x80\x00\x07\x00\x00\x05\x10\x01\x07\x00\x00' > Fuzz/corpus/seat-events/one-finger
printf '\x00\x00\x01\x64\x00\x64\x00\x00\x00\x02\x90\x00\x64\x00\x07\x00\x00\x05\x20\x01\x05\x00\x02\x07\x00\x00' > Fuzz/corpus/seat-events/two-finger-tap
printf '\x11\x00\x00\x00\x64\x00\x64\x00\x11\x05\x00\x01\x11\x05\x00\x02\x80\x00\x90\x00\x80\x10\x11\x10\x00\x03' > Fuzz/corpus/seat-events/pen
printf '\x00\x03\x02\x00\x01\x05\x10\x20\x30\x40\x01\x02\x03\x04\x05\x04\x04\x05\x06' > Fuzz/corpus/round-trip/add-erase-undo
printf '\x01\x08\x00\x00\x10\x00\x10\x00\x04\x00\x00\x04\x00\x05\x00\x00\x03\x00' > Fuzz/corpus/round-trip/replace
echo "seed corpora in Fuzz/corpus:"; ls Fuzz/corpus/*
