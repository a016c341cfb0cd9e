import Foundation

/// Who asks, about what and where: the context of one decision (`--context environment=production`,
/// `context.environment=production` over HTTP). Policies declare a `scope` over it
/// (`DecisionScope`); a question without context is answered as it always was.
///
/// Keys are a fixed vocabulary plus `labels.NAME` for anything else, so a typo is refused (with
/// did-you-mean, in the request layer) instead of silently widening a freeze.
public struct DecisionContext: Hashable, Sendable {
    /// The keys every integration fills the same way. `action`'s own words: deploy, rollback,
    /// scale, create, delete, config (users may use others).
    public static let keys = ["service", "environment", "environmentType", "tenant", "cluster", "namespace", "action",
                              "actor"]
    /// The most bytes of one value.
    public static let maxValueBytes = 256

    /// The known keys given, by key.
    public private(set) var values: [String: String] = [:]
    /// `labels.NAME` values, by NAME.
    public private(set) var labels: [String: String] = [:]
    /// Which `set` made this value (0: none yet): copies share it, so the check a policy makes
    /// before every call into Lua ("is this the context Lua holds?") is one comparison.
    private var edit: UInt64 = 0
    private static let edits = LockedCounter()

    public init() {}

    public static func == (lhs: DecisionContext, rhs: DecisionContext) -> Bool {
        lhs.edit == rhs.edit || (lhs.values == rhs.values && lhs.labels == rhs.labels)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(labels)
    }

    public var isEmpty: Bool { values.isEmpty && labels.isEmpty }

    /// Sets `key` (a known key or `labels.NAME`) to `value`, or says why it cannot.
    public mutating func set(_ key: String, _ value: String) throws(DecisionContextError) {
        guard value.utf8.count <= Self.maxValueBytes else { throw .valueTooLong(key: key, bytes: value.utf8.count) }
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw .controlCharacter(key: key)
        }
        if key.hasPrefix("labels.") {
            let name = String(key.dropFirst(7))
            guard Self.isLabelName(name) else { throw .badLabelName(key) }
            labels[name] = value
        } else {
            guard Self.keys.contains(key) else { throw .unknownKey(key) }
            values[key] = value
        }
        edit = Self.edits.next()
    }

    /// A key's value (`environment`, `labels.app.kubernetes.io/name`), nil when not given.
    public func value(of key: String) -> String? {
        key.hasPrefix("labels.") ? labels[String(key.dropFirst(7))] : values[key]
    }

    /// Whether `key` is one a context (and so a scope) may name.
    public static func isKey(_ key: String) -> Bool {
        keys.contains(key) || (key.hasPrefix("labels.") && isLabelName(String(key.dropFirst(7))))
    }

    /// `[A-Za-z0-9._/-]{1,253}`: every Kubernetes label name fits.
    public static func isLabelName(_ name: String) -> Bool {
        (1...253).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "/")
                || byte == UInt8(ascii: "-")
        }
    }

    /// Every given key and value, `key=value` sorted by key (labels as `labels.NAME`): what a
    /// cache key and a log line hold.
    public var entries: [(key: String, value: String)] {
        (values.map { ($0.key, $0.value) } + labels.map { ("labels." + $0.key, $0.value) }).sorted { $0.0 < $1.0 }
    }
}

/// Why a context key or value was refused.
public enum DecisionContextError: Error, Hashable, Sendable {
    case unknownKey(String)
    case badLabelName(String)
    case valueTooLong(key: String, bytes: Int)
    case controlCharacter(key: String)

    /// Without the did-you-mean the request layer adds to an unknown key.
    public var reason: String {
        switch self {
        case .unknownKey(let key):
            "unknown context key '\(InputEcho.cut(key))' (keys: \(DecisionContext.keys.joined(separator: ", ")), labels.NAME)"
        case .badLabelName(let key):
            "context key '\(InputEcho.cut(key))': a label name is 1 to 253 of A-Z a-z 0-9 . _ / -"
        case .valueTooLong(let key, let bytes):
            "context key '\(InputEcho.cut(key))': a value is at most \(DecisionContext.maxValueBytes) bytes, this one \(bytes)"
        case .controlCharacter(let key):
            "context key '\(InputEcho.cut(key))': a value holds no control characters (line breaks, tabs, escapes)"
        }
    }
}

/// Numbers for `DecisionContext`'s edits, unique in the process.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64 = 0

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
