import CalendarCore
import LuaHost

/// The policy functions a state may hold, in the bridge's order (CPB_FN_*).
public enum LuaFunctionSlot: Int, CaseIterable, Sendable {
    case canSelect = 0, canDeselect = 1, decorationFor = 2, hoursFor = 3, answersForYear = 4

    public var name: String {
        switch self {
        case .canSelect: "canSelect"
        case .canDeselect: "canDeselect"
        case .decorationFor: "decorationFor"
        case .hoursFor: "hoursFor"
        case .answersForYear: "answersForYear"
        }
    }
}

/// What a loaded policy chunk offers.
struct LuaChunkInfo: Hashable, Sendable {
    var functions: Set<LuaFunctionSlot>
    /// Line where each present function is defined.
    var lines: [LuaFunctionSlot: Int]
    var name: String?
    var description: String?
    var version: String?
    /// `zone = "Europe/Berlin"`: the IANA zone of hoursFor's wall times (checked by `LuaPolicy`).
    var zone: String?
    /// `coverage = { from = ..., to = ... }`, checked by the bridge.
    var coverage: CoverageSpan?
    /// `scope = {...}` as the bridge read it: lines "i|x\tKEY\tPATTERN" (keys checked by `LuaPolicy`).
    var scopeLines: String?
    /// `overridable = ...` as the bridge read and checked it; nil: not given.
    var overridable: OverrideRule?
    /// The chunk returned nothing, so its globals are the policy.
    var globalStyle = false
    /// Keys outside the contract (for a global-style policy: globals it defined).
    var extraKeys: [PolicyContract.Key] = []
    /// The chunk was undumped from the compile cache, not compiled from its text.
    var fromCache = false
}

/// A date in a named calendar system, as the host computes it.
public struct LuaCalendarDate: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var era: Int?
    public var isLeapMonth: Bool

    public init(year: Int, month: Int, day: Int, era: Int?, isLeapMonth: Bool) {
        (self.year, self.month, self.day, self.era, self.isLeapMonth) = (year, month, day, era, isLeapMonth)
    }
}

/// Why the host could not convert a date; the message reaches the policy as a Lua error.
public struct LuaBridgeError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Calendar conversions the host offers to Lua (Gregorian is handled in C): called
/// from the bridge's C callbacks, the answer comes back as data and C raises the Lua
/// error after this Swift frame has returned.
protocol LuaDateBridge: Sendable {
    func convert(dayNumber: Int, calendar: String) throws(LuaBridgeError) -> LuaCalendarDate
    func dayNumber(calendar: String, year: Int, month: Int, day: Int, isLeapMonth: Bool) throws(LuaBridgeError) -> Int
}
