import FuzzChecks

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDayISO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    DayISOCheck.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
