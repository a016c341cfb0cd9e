/// A JSON document with objects as ordered pairs, so output keys come out in the
/// documented order every time (scripts and snapshot diffs depend on it).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    /// Written on one line when it nests at most two deep (a week of cells).
    case array([JSONValue])
    /// An array always written one element per line (days, months, taps), so its layout
    /// never depends on the values inside and a changed element is a one-line diff.
    case rows([JSONValue])
    case object([(String, JSONValue)])

    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)), (.rows(let a), .rows(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values), .rows(let values): hasher.combine(values)
        case .object(let pairs):
            for (key, value) in pairs { hasher.combine(key); hasher.combine(value) }
        }
    }

    /// True for `.array` (written inline when shallow), false for `.rows` and the rest.
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// Whether the nesting depth is at most `limit`, without measuring all of it (the writer
    /// asks this of every array and object it writes; `depth` allocates at every level).
    func isShallow(_ limit: Int) -> Bool {
        switch self {
        case .array(let values), .rows(let values):
            guard limit >= 1 else { return false }
            for value in values where !value.isShallow(limit - 1) { return false }
            return true
        case .object(let pairs):
            guard limit >= 1 else { return false }
            for pair in pairs where !pair.1.isShallow(limit - 1) { return false }
            return true
        default: return true
        }
    }

    /// Nesting depth: 0 for a scalar. The writer keeps shallow values on one line.
    public var depth: Int {
        switch self {
        case .array(let values), .rows(let values): return 1 + (values.map(\.depth).max() ?? 0)
        case .object(let pairs): return 1 + (pairs.map(\.1.depth).max() ?? 0)
        default: return 0
        }
    }
}
