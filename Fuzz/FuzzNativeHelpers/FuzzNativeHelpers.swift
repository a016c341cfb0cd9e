import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNativeHelpers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let problem = NativeHelpersCheck.problem(UnsafeRawBufferPointer(start: data, count: size)) { fuzzFailure(problem) }
    return 0
}
