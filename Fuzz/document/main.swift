// libFuzzer's entry for the document target: `swift build --sanitize=fuzzer --product fuzz-document` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.document(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
