import CalendarCore
import Foundation

/// A stored snapshot: the days some policies answered over a span, with a fixed today.
/// The file's text is written by the Rendering module (`SnapshotDocument`) and read here.
public struct PolicySnapshot: Hashable, Sendable {
    /// Policy files, relative to the directory that holds the `snapshots` folder.
    public var policies: [String]
    public var span: DaySpan
    public var today: Day
    /// The zone a stack with hours was snapshotted in (its days' `intervals`); nil without hours.
    public var timeZone: String?
    public var days: [DayRecord]

    /// The largest snapshot file read (400 years of days with their texts fit well within it).
    public static let fileLimit = 64 << 20

    public init(policies: [String], span: DaySpan, today: Day, timeZone: String? = nil, days: [DayRecord]) {
        self.policies = policies
        self.span = span
        self.today = today
        self.timeZone = timeZone
        self.days = days
    }

    /// Lines before the first day in the encoded file (for file:line of a changed day).
    public static let headerLines = 6

    /// This snapshot's lines before its first day: one more with a `timeZone`.
    public var headerLines: Int { PolicySnapshot.headerLines + (timeZone == nil ? 0 : 1) }

    /// Reads a snapshot file's text; the error says what is wrong.
    public static func decode(_ text: String) throws(SnapshotFormatError) -> PolicySnapshot {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw SnapshotFormatError("not a JSON object")
        }
        guard let policies = object["policies"] as? [String], !policies.isEmpty else {
            throw SnapshotFormatError("'policies' must be a non-empty list of file names")
        }
        guard let from = (object["from"] as? String).flatMap({ try? Day(iso: $0) }),
              let to = (object["to"] as? String).flatMap({ try? Day(iso: $0) }), from <= to else {
            throw SnapshotFormatError("'from' and 'to' must be dates 'YYYY-MM-DD' in order")
        }
        let today = (object["today"] as? String).flatMap { try? Day(iso: $0) } ?? from
        guard let rawDays = object["days"] as? [[String: Any]] else {
            throw SnapshotFormatError("'days' must be a list of objects")
        }
        var days: [DayRecord] = []
        for (index, raw) in rawDays.enumerated() {
            guard let day = (raw["date"] as? String).flatMap({ try? Day(iso: $0) }),
                  let selectable = raw["selectable"] as? Bool, let deselectable = raw["deselectable"] as? Bool else {
                throw SnapshotFormatError("day \(index + 1) needs 'date', 'selectable' and 'deselectable'")
            }
            var decoration: Decoration?
            if let d = raw["decoration"] as? [String: Any] {
                decoration = Decoration(kind: (d["kind"] as? String).flatMap(Decoration.Kind.init) ?? .default,
                                        label: d["label"] as? String, color: d["color"] as? String,
                                        image: d["image"] as? String,
                                        size: (d["size"] as? String).flatMap(Decoration.Size.init))
            }
            var intervals: [DayRecord.ClosedInterval]?
            if let list = raw["intervals"] {
                guard let list = list as? [[String: Any]] else {
                    throw SnapshotFormatError("day \(index + 1): 'intervals' must be a list of {from, to, reason}")
                }
                intervals = try list.map { item throws(SnapshotFormatError) in
                    guard let from = item["from"] as? String, let to = item["to"] as? String else {
                        throw SnapshotFormatError("day \(index + 1): each interval needs 'from' and 'to'")
                    }
                    return DayRecord.ClosedInterval(from: from, to: to, reason: item["reason"] as? String)
                }
            }
            days.append(DayRecord(day: day, selectable: selectable, deselectable: deselectable,
                                  reason: raw["reason"] as? String, decoration: decoration, intervals: intervals))
        }
        let zone = object["timeZone"] as? String
        return PolicySnapshot(policies: policies, span: DaySpan(from, to), today: today, timeZone: zone, days: days)
    }
}

public struct SnapshotFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
