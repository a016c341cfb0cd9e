import CalendarCore
import Foundation

/// The snapshot file format: stable key order and one day per line, so a changed
/// policy shows up in review as a changed line per day.
///
/// ```
/// {
///   "policies": ["us-federal-holidays.lua"],
///   "from": "2027-01-01",
///   "to": "2027-12-31",
///   "today": "2027-01-01",
///   "days": [
///     {"date": "2027-01-01", "selectable": false, "deselectable": true, "reason": "New Year's Day", "decoration": {...}},
///     ...
///   ]
/// }
/// ```
public struct PolicySnapshot: Hashable, Sendable {
    /// Policy files, relative to the directory that holds the `snapshots` folder.
    public var policies: [String]
    public var span: DaySpan
    public var today: Day
    public var days: [DayRecord]

    public init(policies: [String], span: DaySpan, today: Day, days: [DayRecord]) {
        self.policies = policies
        self.span = span
        self.today = today
        self.days = days
    }

    /// Lines before the first day in the encoded file (for file:line of a changed day).
    public static let headerLines = 6

    public var encoded: String {
        var lines = ["{"]
        lines.append("  \"policies\": [" + policies.map(JSONText.string).joined(separator: ", ") + "],")
        lines.append("  \"from\": \(JSONText.string(span.first.iso)),")
        lines.append("  \"to\": \(JSONText.string(span.last.iso)),")
        lines.append("  \"today\": \(JSONText.string(today.iso)),")
        lines.append("  \"days\": [")
        for (index, record) in days.enumerated() {
            lines.append("    " + JSONText.object(record) + (index == days.count - 1 ? "" : ","))
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

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
            days.append(DayRecord(day: day, selectable: selectable, deselectable: deselectable,
                                  reason: raw["reason"] as? String, decoration: decoration))
        }
        return PolicySnapshot(policies: policies, span: DaySpan(from, to), today: today, days: days)
    }
}

public struct SnapshotFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A small JSON writer with a fixed key order (JSONSerialization sorts or shuffles).
public enum JSONText {
    public static func string(_ text: String) -> String {
        var out = ""
        escape(text, into: &out)
        return out
    }

    /// RFC 8259 escaping, quotes included: quote, backslash and every control character
    /// (DEL too); U+2028/2029 are escaped as well, for JavaScript's sake. The rest is
    /// written as UTF-8 unchanged.
    public static func escape(_ text: String, into out: inout String) {
        out += "\""
        // Almost every string (dates, names, labels) needs nothing escaped: one byte scan,
        // one append. 0xE2 leads U+2028/2029 (and other scalars, which then take the slow path).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    public static func optional(_ text: String?) -> String { text.map(string) ?? "null" }

    public static func decoration(_ decoration: Decoration?) -> String {
        guard let decoration else { return "null" }
        return "{\"kind\": \(string(decoration.kind.rawValue)), \"label\": \(optional(decoration.label)), "
            + "\"color\": \(optional(decoration.color)), \"image\": \(optional(decoration.image)), "
            + "\"size\": \(optional(decoration.size?.rawValue))}"
    }

    public static func object(_ record: DayRecord) -> String {
        "{\"date\": \(string(record.day.iso)), \"selectable\": \(record.selectable), "
            + "\"deselectable\": \(record.deselectable), \"reason\": \(optional(record.reason)), "
            + "\"decoration\": \(decoration(record.decoration))}"
    }
}
