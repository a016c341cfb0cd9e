import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if let problem = ArgumentsCheck.problem(bytes, tolerateUnicodeBreaks: FuzzSettings.tolerateUsageUnicodeBreaks) {
        fuzzFailure(problem)
    }
    return 0
}
