// libFuzzer's entry for the image target: `swift build --sanitize=fuzzer --product fuzz-image` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.image(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
