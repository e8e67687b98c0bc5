// libFuzzer's entry for the seat-events target: `swift build --sanitize=fuzzer --product fuzz-seat-events` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.seatEvents(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
