/// Limits and wiring for one Lua state.
public struct LuaStateOptions: Sendable {
    /// Instructions per call; 0 means unlimited.
    public var instructionBudget: Int
    /// Instructions for running the helper library and the policy chunk; 0 means unlimited.
    public var loadBudget: Int
    /// Bytes the state may allocate.
    public var memoryLimit: Int
    /// Without the count hook an endless loop hangs; on by default.
    public var hookEnabled: Bool
    /// `print` writes one stderr line when set, and is dropped otherwise.
    public var verbose: Bool
    /// Starts each printed line (usually the policy's file name).
    public var printPrefix: String?
    /// Converts days for `day.calendar` and the native helpers.
    public var dateBridge: (any LuaDateBridge)?
    /// Shared with the other states of the run, which together may not pass its limit.
    public var memoryPool: LuaMemoryPool?

    public init(instructionBudget: Int = 10_000_000, loadBudget: Int = 50_000_000,
                memoryLimit: Int = 64 << 20, hookEnabled: Bool = true, verbose: Bool = false,
                printPrefix: String? = nil, dateBridge: (any LuaDateBridge)? = nil,
                memoryPool: LuaMemoryPool? = nil) {
        self.instructionBudget = instructionBudget
        self.loadBudget = loadBudget
        self.memoryLimit = memoryLimit
        self.hookEnabled = hookEnabled
        self.verbose = verbose
        self.printPrefix = printPrefix
        self.dateBridge = dateBridge
        self.memoryPool = memoryPool
    }
}

/// A date in a named calendar system, as the host computes it.
public struct LuaCalendarDate: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var era: Int?
    public var isLeapMonth: Bool

    public init(year: Int, month: Int, day: Int, era: Int?, isLeapMonth: Bool) {
        self.year = year
        self.month = month
        self.day = day
        self.era = era
        self.isLeapMonth = isLeapMonth
    }
}

/// Why the host could not convert a date; the message reaches the policy as a Lua error.
public struct LuaBridgeError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Calendar conversions the host offers to Lua (Gregorian is handled in C).
///
/// Called from C trampolines: the answer comes back as data and C raises the
/// Lua error after this Swift frame has returned.
public protocol LuaDateBridge: Sendable {
    func convert(dayNumber: Int, calendar: String) throws(LuaBridgeError) -> LuaCalendarDate
    func dayNumber(calendar: String, year: Int, month: Int, day: Int, isLeapMonth: Bool) throws(LuaBridgeError) -> Int
}
