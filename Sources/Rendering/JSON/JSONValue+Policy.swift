import CalendarCore
import PolicyEngine

extension JSONValue {
    /// `{"kind", "label", "color", "image", "size"}`, or null; a built-in holiday's also
    /// `"observedOf"` and `"estimated": true`, only when it has them.
    public static func decoration(_ decoration: Decoration?) -> JSONValue {
        guard let decoration else { return .null }
        return .object([
            ("kind", .string(decoration.kind.rawValue)),
            ("label", .optional(decoration.label)),
            ("color", .optional(decoration.color)),
            ("image", .optional(decoration.image)),
            ("size", .optional(decoration.size?.rawValue)),
        ] + (decoration.observedOf.map { [("observedOf", .string($0))] } ?? [])
          + (decoration.estimated == true ? [("estimated", .bool(true))] : []))
    }

    /// One day of a snapshot or a diff: `{"date", "selectable", "deselectable", "reason", "decoration"}`,
    /// and `"intervals": [{"from", "to", "reason"}]` for a stack with hours.
    public static func record(_ record: DayRecord) -> JSONValue {
        .object([
            ("date", .string(record.day.iso)),
            ("selectable", .bool(record.selectable)),
            ("deselectable", .bool(record.deselectable)),
            ("reason", .optional(record.reason)),
            ("decoration", .decoration(record.decoration)),
        ] + (record.intervals.map { intervals in
            [("intervals", JSONValue.array(intervals.map { interval in
                .object([("from", .string(interval.from)), ("to", .string(interval.to)), ("reason", .optional(interval.reason))])
            }))]
        } ?? []))
    }

    /// An optional line number.
    public static func line(_ line: Int?) -> JSONValue { line.map(JSONValue.int) ?? .null }
}
