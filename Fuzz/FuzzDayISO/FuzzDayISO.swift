import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDayISO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if let problem = DayISOCheck.problem(UnsafeRawBufferPointer(start: data, count: size)) { fuzzFailure(problem) }
    return 0
}
