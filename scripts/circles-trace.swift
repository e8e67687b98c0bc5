// Writes the 100 000-event trace docs/touch-replay.md times `--fast` with: 100 strokes of three fingers drawing
// circles at 120 Hz on an 800x600 canvas (paint-benchmark cpu's circles, repeated), 207 s of trace time.
//   swift scripts/circles-trace.swift > circles-100k.jsonl
import Foundation

print("{\"canvas\": [800, 600]}")
var time = 0.0
for stroke in 0..<100 {
    let start = Double(stroke) * 2070
    for sample in 0..<249 {
        time = start + Double(sample) * 1000 / 120
        for finger in 0..<3 {
            let angle = 2 * Double.pi * Double(sample) / 120 + Double(finger)
            let x = 200 * Double(finger + 1) + 100 * cos(angle), y = 300 + 100 * sin(angle)
            print(String(format: "{\"t\": %.3f, \"touch\": \"%@\", \"id\": %d, \"x\": %.2f, \"y\": %.2f}",
                         time, sample == 0 ? "down" : "motion", finger, x, y))
        }
        print(String(format: "{\"t\": %.3f, \"touch\": \"frame\"}", time))
    }
    for finger in 0..<3 { print(String(format: "{\"t\": %.3f, \"touch\": \"up\", \"id\": %d}", time + 1, finger)) }
    print(String(format: "{\"t\": %.3f, \"touch\": \"frame\"}", time + 1))
}
