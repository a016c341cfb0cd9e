import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolicyLoad(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let problem = PolicyLoadCheck.problem(UnsafeRawBufferPointer(start: data, count: size)) { fuzzFailure(problem) }
    return 0
}
