// libFuzzer's entry for the settings file: `swift build --sanitize=fuzzer --product fuzz-settings` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.settings(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
