import CalendarCore
import CalendarData
/// The keys a policy may define, and the check of a loaded chunk against them (once, at load).
///
/// A returned table holds only the contract's keys: any other key is a `type` error with a
/// close match suggested, so `canselect` cannot be taken for "no rule". A global-style
/// policy (functions defined as globals) also has helpers and data as globals: a global
/// function named close to a contract function is the same error, any other global it
/// defines is a `PolicyWarning`. Every policy defines at least one of the three functions.
public enum PolicyContract {
    /// The functions a policy answers with, in the bridge's order.
    public static let functions = LuaFunctionSlot.allCases.map(\.name)
    /// Metadata fields: strings (version may be a number).
    public static let metadata = ["name", "description", "version"]
    /// Every key a returned table may hold (`coverage` is a table: { from = ..., to = ... };
    /// `zone` an IANA name, checked at load).
    public static let keys = functions + metadata + ["coverage", "zone", "scope", "overridable"]

    /// A key the chunk defined outside the contract, as the bridge reports it.
    public struct Key: Hashable, Sendable {
        /// The key's text: the string itself, or `[1]`-style for any other key.
        public var name: String
        public var isString: Bool
        /// Lua's type name of the value.
        public var valueType: String
        /// Where the value was defined, when it is a function.
        public var line: Int?

        /// Parses the bridge's list: per key `s|o \t type \t line \t length:text \n`.
        static func parse(_ bytes: [UInt8]) -> [Key] {
            var keys: [Key] = []
            var index = 0
            func field(until terminator: UInt8) -> [UInt8]? {
                guard let end = bytes[index...].firstIndex(of: terminator) else { return nil }
                defer { index = end + 1 }
                return Array(bytes[index..<end])
            }
            while index < bytes.count {
                guard let kind = field(until: 9), let type = field(until: 9), let line = field(until: 9),
                      let length = field(until: 58), let count = Int(String(decoding: length, as: UTF8.self)),
                      index + count < bytes.count else { break }
                let name = String(decoding: bytes[index..<index + count], as: UTF8.self)
                index += count + 1 // and the newline
                let defined = Int(String(decoding: line, as: UTF8.self)) ?? 0
                keys.append(Key(name: name, isString: kind == [UInt8(ascii: "s")],
                                valueType: String(decoding: type, as: UTF8.self), line: defined > 0 ? defined : nil))
            }
            return keys.sorted { ($0.line ?? 0, $0.name) < ($1.line ?? 0, $1.name) }
        }
    }

    /// The contract key `typed` most likely meant: the same word in other case, else the
    /// nearest within `Suggestion`'s typo distance (compared without case).
    public static func suggestion(for typed: String, among candidates: [String] = keys) -> String? {
        let lowered = typed.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }
        guard let near = Suggestion.nearest(to: lowered, among: candidates.map { $0.lowercased() }) else { return nil }
        return candidates.first { $0.lowercased() == near }
    }

    /// Checks a loaded chunk: throws the first violation (by line), returns warnings.
    static func check(_ info: LuaChunkInfo, file: String) throws(PolicyError) -> [PolicyWarning] {
        var warnings: [PolicyWarning] = []
        for key in info.extraKeys {
            if !info.globalStyle {
                throw PolicyError(kind: .type, file: file, line: key.line, message: unknownField(key))
            }
            if key.valueType == "function", key.isString,
               let near = suggestion(for: key.name, among: functions) {
                throw PolicyError(kind: .type, file: file, line: key.line,
                                  message: "unknown function '\(InputEcho.cut(key.name))' — did you mean '\(near)'?")
            }
            let name = InputEcho.cut(key.name)
            let what = key.valueType == "function" ? "function '\(name)'" : "'\(name)' (a \(key.valueType))"
            warnings.append(PolicyWarning(file: file, line: key.line,
                                          message: "global \(what) is not part of the policy contract "
                                              + "(make it local, or return a table)"))
        }
        if info.functions.isEmpty {
            throw PolicyError(kind: .type, file: file, line: nil, message: "a policy must define at least one of "
                + "canSelect, canDeselect, decorationFor; it defines none")
        }
        return warnings
    }

    private static func unknownField(_ key: Key) -> String {
        let shown = key.isString ? "'\(InputEcho.cut(key.name))'" : InputEcho.cut(key.name)
        if key.isString, let near = suggestion(for: key.name) {
            return "unknown field \(shown) — did you mean '\(near)'?"
        }
        return "unknown field \(shown) — a policy table holds only " + keys.joined(separator: ", ")
    }
}
