// libFuzzer's entry for a translation catalogue (.mo) from anywhere: `swift build --sanitize=fuzzer --product fuzz-catalogue` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.catalogue(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
