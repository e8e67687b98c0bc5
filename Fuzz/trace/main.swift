// libFuzzer's entry for the trace target: `swift build --sanitize=fuzzer --product fuzz-trace` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.trace(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
