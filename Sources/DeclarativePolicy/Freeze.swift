import CalendarCore

/// A declarative policy (`freeze.yaml`, `.yml`, `.json`) as typed values, checked against the
/// schema (`FreezeSchema`) and resolved where the file alone decides: instants with an offset
/// are already wall times of the policy's zone, weekdays are numbers, days are `Day`s.
/// Each key means what the same key or function of a Lua policy means (docs/declarative.md).
public struct Freeze: Sendable {
    /// A moment of a `closed` window as the zone's wall clock reads it: a day and a minute.
    public struct WallMoment: Sendable, Equatable {
        public var day: Day
        public var minute: Int
    }

    /// `closed`: from one wall moment to a later one; whole days inside are denied days
    /// (`canSelect`), the parts of its first and last day closed hours (`hoursFor`).
    public struct ClosedWindow: Sendable {
        public var from: WallMoment
        public var to: WallMoment
        public var reason: String?
    }

    /// `weekly`: closed hours on some weekdays (1 = Sunday … 7 = Saturday, as `day.weekday`).
    public struct WeeklyWindow: Sendable {
        public var weekdays: [Int]
        public var from: Int
        public var to: Int
        public var reason: String?
    }

    /// `holidays`: the days of a holiday data set (what `cal.holidays(place, options)` reads)
    /// denied, with the day before or after each if asked; half days (a market's early close)
    /// only with `halfDays`.
    public struct HolidayRule: Sendable {
        public var place: String
        public var categories: [String]?
        public var language: String?
        public var dayBefore = false
        public var dayAfter = false
        public var halfDays = false
    }

    /// `dates`: days denied whole.
    public struct ClosedDate: Sendable {
        public var day: Day
        public var reason: String?
    }

    /// `decorations`: how some days are marked: listed days, or (`closed: true`) every day the
    /// policy denies whole, labelled with its reason unless a label is given.
    public struct DecorationRule: Sendable {
        public var days: [Day]
        public var closedDays: Bool
        public var label: String?
        public var color: String?
    }

    public var name: String?
    public var description: String?
    public var version: String?
    public var zoneName: String?
    /// `scope` and `overridable` as the Lua policy's tables: the engine reads them as it reads
    /// a Lua policy's, so they mean exactly the same (docs/scopes.md, docs/policy-api.md).
    public var scope: DataTree?
    public var overridable: DataTree?
    public var closed: [ClosedWindow] = []
    public var weekly: [WeeklyWindow] = []
    public var holidays: [HolidayRule] = []
    public var dates: [ClosedDate] = []
    public var decorations: [DecorationRule] = []
    /// Where each top-level key (and each `holidays[i]`, `closed[i]`, `weekly[i]`) was written,
    /// for an error the engine finds later (a scope value too long, an unknown holiday place) and
    /// for lint's findings (two windows overlapping with different reasons).
    public var marks: [String: SourceMark] = [:]

    public init() {}
}
