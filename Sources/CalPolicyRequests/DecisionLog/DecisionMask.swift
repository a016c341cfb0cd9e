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

    /// A context's keys and values in the order the log writes them: its known keys and its
    /// `labels.NAME` keys, sorted.
    static func sortedPairs(_ context: DecisionContext) -> [(key: String, value: String)] {
        guard !context.values.isEmpty || !context.labels.isEmpty else { return [] }
        var pairs = context.values.map { (key: $0.key, value: $0.value) }
            + context.labels.map { (key: "labels." + $0.key, value: $0.value) }
        pairs.sort { $0.key < $1.key }
        return pairs
    }

    /// A context as the log writes it (`{"actor": …, "labels.team": …}`, `pairs` being its
    /// `sortedPairs`) into a line's region, masked values hashed; `masked` gains the keys
    /// hashed, once each. The region holds, for each pair, the key's `jsonStringCapacity`, the
    /// larger of the value's `terminalTextCapacity` and a hash's 73 bytes, and four.
    func writeContext(_ pairs: [(key: String, value: String)], masked: inout [String], to w: inout UnsafeRowWriter) {
        w.byte(0x7B)
        for (index, (key, value)) in pairs.enumerated() {
            if index > 0 { w.put(", ") }
            w.jsonString(key)
            w.put(": ")
            if !isEmpty && masks(key) {
                if !masked.contains(key) { masked.append(key) }
                w.jsonString(Self.hashed(value))
            } else {
                w.terminalText(value)
            }
        }
        w.byte(0x7D)
    }

    /// A request's query parameters as the log writes them (each name and value made safe for
    /// one line by `TerminalText`) into a line's region; a `context.KEY` parameter whose KEY is
    /// masked is hashed (its value as the line would have shown it), as `query(_:masked:)`
    /// hashes it. The region holds, for each pair, the name's `terminalTextCapacity`, the
    /// larger of the value's and a hash's 73 bytes, and four.
    func writeQuery(_ pairs: [(name: String, value: String)], masked: inout [String], to w: inout UnsafeRowWriter) {
        w.byte(0x7B)
        for (index, pair) in pairs.enumerated() {
            if index > 0 { w.put(", ") }
            w.terminalText(pair.name)
            w.put(": ")
            if let key = maskedQueryKey(pair.name) {
                if !masked.contains(key) { masked.append(key) }
                w.jsonString(Self.hashed(TerminalText.escape(pair.value)))
            } else {
                w.terminalText(pair.value)
            }
        }
        w.byte(0x7D)
    }

    /// The KEY of a query parameter `context.KEY` (its name as the line shows it) when KEY is masked.
    private func maskedQueryKey(_ name: String) -> String? {
        guard !isEmpty else { return nil }
        let shown = TerminalText.escape(name)
        guard shown.hasPrefix("context.") else { return nil }
        let key = String(shown.dropFirst(8))
        return masks(key) ? key : nil
    }

    /// A logged query: each `context.KEY` parameter whose KEY is masked, hashed.
    func query(_ query: JSONValue, masked: inout [String]) -> JSONValue {
        guard !isEmpty, case .object(let pairs) = query else { return query }
        return .object(pairs.map { name, value in
            guard name.hasPrefix("context."), case .string(let text) = value else { return (name, value) }
            let key = String(name.dropFirst(8))
            guard masks(key) else { return (name, value) }
            if !masked.contains(key) { masked.append(key) }
            return (name, .string(Self.hashed(text)))
        })
    }

    /// A logged body: its `context` object's masked keys hashed (`labels` as an object of names,
    /// or `labels.NAME` keys, as a context file takes them).
    func body(_ body: JSONValue, masked: inout [String]) -> JSONValue {
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

    private func hide(_ key: String, _ value: JSONValue, _ masked: inout [String]) -> JSONValue {
        guard masks(key), case .string(let text) = value else { return value }
        if !masked.contains(key) { masked.append(key) }
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
