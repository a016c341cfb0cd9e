import CalendarData

/// The data a decision rested on besides the policies: the tz database's release and the
/// holiday data's source. Either may move an answer with no policy changed, so the decision
/// log records both and a replay on another host can tell why it differs.
public struct DataVersions: Hashable, Sendable {
    /// "2025b" (`tzdata.zi`'s version line); nil when the system's database does not say.
    public var tzdata: String?
    /// "python-holidays 0.109" (the holiday index's `source` row); nil without holiday data.
    public var holidays: String?

    public init(tzdata: String?, holidays: String?) {
        (self.tzdata, self.holidays) = (tzdata, holidays)
    }

    /// This process's: read once, on the first decision logged.
    public static let current = DataVersions(tzdata: ZoneDatabase.version, holidays: HolidayData.shared.sourceVersion())
}
