/// The days a policy's answers are good for: its declared coverage, or the data it read (a
/// holiday data set's years). Past it the policy does not know, so a gate built on it is closed
/// there and says why, an export refuses to reach past it, and `check --horizon` names it.
public struct DataHorizon: Hashable, Sendable {
    /// The first and last day the policy knows about (nil: unbounded on that side).
    public var first: Day?
    public var last: Day?
    /// What ends at `last` (or begins at `first`): "its coverage", "holidays:IN:public".
    public var source: String

    public init(first: Day?, last: Day?, source: String) {
        (self.first, self.last, self.source) = (first, last, source)
    }

    public func covers(_ day: Day) -> Bool {
        (first.map { day >= $0 } ?? true) && (last.map { day <= $0 } ?? true)
    }

    /// Why a day outside is closed: "in.lua: no data for 2036-01-01 (holidays:IN:public ends
    /// 2035-12-31)".
    public func reason(policy: String, day: Day) -> String {
        if let last, day > last { return "\(policy): no data for \(day.iso) (\(source) ends \(last.iso))" }
        if let first, day < first { return "\(policy): no data for \(day.iso) (\(source) begins \(first.iso))" }
        return "\(policy): \(source) covers \(day.iso)"
    }
}
