import CalendarCore
import CalendarData
import Rendering

/// `--decision-log-mask KEY[,KEY]` (serve and gate): context keys whose values the decision log
/// holds only as `"sha256:<hex>"` of the value, wherever the question carries them (the
/// `context` object, a `context.KEY` query parameter, a select body's `context`). `labels.*`
/// (a `*` standing for any run of characters) masks every label. The digest is unsalted, so an
/// auditor who knows a value can still find its lines; what the log no longer shows is the value.
public struct DecisionMask: Hashable, Sendable {
    public private(set) var patterns: [String] = []

    public init() {}

    public var isEmpty: Bool { patterns.isEmpty }

    /// The patterns of every `--decision-log-mask` given (each comma-separated). A pattern is a
    /// context key (`actor`, `environment`, …) or `labels.NAME`, `*` allowed in the NAME; anything
    /// else is refused, naming the keys: a mistyped key would otherwise log its value in clear.
    public static func parse(_ texts: [String], option: OptionSpec) throws(RequestError) -> DecisionMask {
        var mask = DecisionMask()
        for text in texts {
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let pattern = String(part).trimmingSpaces
                guard isPattern(pattern) else {
                    throw RequestError(option, value: text, reason: "'\(InputEcho.cut(pattern))' is not a context key; expected "
                                       + DecisionContext.keys.joined(separator: ", ") + " or labels.NAME (labels.* for every label)")
                }
                if !mask.patterns.contains(pattern) { mask.patterns.append(pattern) }
            }
        }
        return mask
    }

    static func isPattern(_ text: String) -> Bool {
        if DecisionContext.keys.contains(text) { return true }
        guard text.hasPrefix("labels."), text.count > 7 else { return false }
        return text.dropFirst(7).unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-/*".unicodeScalars.contains($0))
        }
    }

    /// Whether `key` (`actor`, `labels.team`) is masked.
    public func masks(_ key: String) -> Bool { patterns.contains { Self.glob($0, matches: key) } }

    /// What the log holds for a masked value.
    public static func hashed(_ value: String) -> String { "sha256:" + SHA256.hex(Array(value.utf8)) }

    /// `*` matches any run of characters (none included); everything else itself.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let p = Array(pattern.utf8), t = Array(text.utf8)
        var pi = 0, ti = 0, star = -1, mark = 0
        while ti < t.count {
            if pi < p.count && p[pi] != UInt8(ascii: "*") && p[pi] == t[ti] {
                pi += 1; ti += 1
            } else if pi < p.count && p[pi] == UInt8(ascii: "*") {
                star = pi; mark = ti; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; ti = mark
            } else {
                return false
            }
        }
        while pi < p.count && p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }

    // MARK: applying it to a logged question

    /// A context as the log writes it (`{"actor": …, "labels.team": …}`, keys sorted), masked
    /// values hashed; `masked` gains the keys hashed.
    func context(_ context: DecisionContext, masked: inout Set<String>) -> JSONValue {
        var pairs = context.values.map { ($0.key, $0.value) } + context.labels.map { ("labels." + $0.key, $0.value) }
        pairs.sort { $0.0 < $1.0 }
        return .object(pairs.map { key, value in
            guard masks(key) else { return (key, JSONValue.string(TerminalText.escape(value))) }
            masked.insert(key)
            return (key, .string(Self.hashed(value)))
        })
    }

    /// A logged query: each `context.KEY` parameter whose KEY is masked, hashed.
    func query(_ query: JSONValue, masked: inout Set<String>) -> JSONValue {
        guard !isEmpty, case .object(let pairs) = query else { return query }
        return .object(pairs.map { name, value in
            guard name.hasPrefix("context."), case .string(let text) = value else { return (name, value) }
            let key = String(name.dropFirst(8))
            guard masks(key) else { return (name, value) }
            masked.insert(key)
            return (name, .string(Self.hashed(text)))
        })
    }

    /// A logged body: its `context` object's masked keys hashed (`labels` as an object of names,
    /// or `labels.NAME` keys, as a context file takes them).
    func body(_ body: JSONValue, masked: inout Set<String>) -> JSONValue {
        guard !isEmpty, case .object(let fields) = body else { return body }
        return .object(fields.map { name, value in
            guard name == "context", case .object(let entries) = value else { return (name, value) }
            return (name, .object(entries.map { key, value in
                if key == "labels", case .object(let labels) = value {
                    return (key, .object(labels.map { label, value in (label, hide("labels." + label, value, &masked)) }))
                }
                return (key, hide(key, value, &masked))
            }))
        })
    }

    private func hide(_ key: String, _ value: JSONValue, _ masked: inout Set<String>) -> JSONValue {
        guard masks(key), case .string(let text) = value else { return value }
        masked.insert(key)
        return .string(Self.hashed(text))
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
