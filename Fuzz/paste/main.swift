// libFuzzer's entry for what the clipboard may hold: `swift build --sanitize=fuzzer --product fuzz-paste` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.paste(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
