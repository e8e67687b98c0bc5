// libFuzzer's entry for MyPaint brush presets: `swift build --sanitize=fuzzer --product fuzz-brush-preset`
// (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.brushPreset(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
