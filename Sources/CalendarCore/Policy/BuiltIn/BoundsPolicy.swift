/// The earliest and latest selectable days, each optional and inclusive.
///
/// A separate policy rather than a special case of the picker, so that it always
/// combines with every other rule (the seed picker dropped its weekdays-only
/// option whenever a min or max date was set).
public struct BoundsPolicy: DayPolicy, Hashable {
    public let min: Day?
    public let max: Day?
    public let name: String

    public init(min: Day? = nil, max: Day? = nil, name: String = "bounds") {
        self.min = min
        self.max = max
        self.name = name
    }

    public func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        if let min, day < min {
            return .denied(reason: "\(day.iso) is before the earliest selectable day \(min.iso)")
        }
        if let max, day > max {
            return .denied(reason: "\(day.iso) is after the latest selectable day \(max.iso)")
        }
        return .allowed
    }
}
