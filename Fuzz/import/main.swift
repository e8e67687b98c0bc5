// libFuzzer's entry for drawings made from other programs' files: `swift build --sanitize=fuzzer --product
// fuzz-import` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.foreignDrawing(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
