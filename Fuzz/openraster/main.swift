// libFuzzer's entry for the OpenRaster reader: `swift build --sanitize=fuzzer --product fuzz-openraster` (make fuzz).
import FuzzTargets

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzTargets.openRaster(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
