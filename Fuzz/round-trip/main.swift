// libFuzzer's entry for the round-trip target: `swift build --sanitize=fuzzer --product fuzz-round-trip` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.roundTrip(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
