import CalendarCore
import CalendarData

/// One override file: a JSON object read by the project's strict reader (`JSONLineReader`),
/// every field checked and named when wrong.
///
/// `{"id", "scope", "from", "until", "reason", "ticket"?, "requestedBy"?, "approvedBy"?,
///   "policies"?, "endedAt"?}`; `from`, `until` and `endedAt` are instants with an offset, as
/// `--at` takes; `scope` has a policy's grammar (`{KEY: VALUE | [VALUE, ...], "exclude": {...}}`).
public enum OverrideFile {
    /// An override is a few hundred bytes; a file past this is refused unread.
    public static let limit = 64 << 10
    public static let fields = ["id", "scope", "from", "until", "reason", "ticket", "requestedBy", "approvedBy",
                                "policies", "endedAt"]
    /// `reason` may say a little more than a name.
    static let reasonBytes = 1024
    static let textBytes = DecisionContext.maxValueBytes
    static let maxPatterns = 256

    /// The override at `path` (its `id` must be the file's name without `.json`).
    public static func read(_ path: String) throws(OverrideProblem) -> Override {
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: limit)
        } catch {
            throw OverrideProblem(file: path, "'\(InputEcho.cut(path))' " + error.description)
        }
        let override = try parse(bytes, file: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name == override.id + ".json" else {
            throw OverrideProblem(file: path, field: "id", "'\(InputEcho.cut(override.id))' must be the file's name "
                                  + "without .json ('\(InputEcho.cut(name))')")
        }
        return override
    }

    /// The override `bytes` hold (`file` names it in problems).
    public static func parse(_ bytes: [UInt8], file: String) throws(OverrideProblem) -> Override {
        let node: JSONNode
        do {
            node = try JSONLineReader.read(bytes, in: 0..<bytes.count)
        } catch {
            throw OverrideProblem(file: file, "is not JSON (at byte \(error.offset): \(error.message))")
        }
        guard case .object(let object) = node else { throw OverrideProblem(file: file, "must be a JSON object") }
        for key in object.keys.sorted() where !fields.contains(key) {
            let near = Suggestion.nearest(to: key, among: fields).map { " — did you mean '\($0)'?" } ?? ""
            throw OverrideProblem(file: file, field: InputEcho.cut(key), "unknown field\(near) (fields: \(fields.joined(separator: ", ")))")
        }
        func text(_ key: String, required: Bool, bytes limit: Int = textBytes) throws(OverrideProblem) -> String? {
            guard let value = object[key], value != .null else {
                if required { throw OverrideProblem(file: file, field: key, "is required") }
                return nil
            }
            guard case .string(let string) = value else { throw OverrideProblem(file: file, field: key, "must be a string") }
            guard !string.isEmpty else { throw OverrideProblem(file: file, field: key, "is empty") }
            guard string.utf8.count <= limit else {
                throw OverrideProblem(file: file, field: key, "is at most \(limit) bytes, this one \(string.utf8.count)")
            }
            guard !string.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
                throw OverrideProblem(file: file, field: key, "holds a control character (a line break, a tab, an escape)")
            }
            return string
        }
        func instant(_ key: String, required: Bool) throws(OverrideProblem) -> Int64? {
            guard let value = try text(key, required: required) else { return nil }
            switch ISOInstant.parse(value) {
            case .success(let instant): return instant
            case .failure(.noOffset):
                throw OverrideProblem(file: file, field: key, "'\(InputEcho.cut(value))' has no UTC offset; add Z or one such as +01:00")
            case .failure:
                throw OverrideProblem(file: file, field: key, "'\(InputEcho.cut(value))' is not an instant such as 2026-12-27T23:00:00+01:00")
            }
        }
        let id = try text("id", required: true) ?? ""
        guard isIdentifier(id) else {
            throw OverrideProblem(file: file, field: "id", "'\(InputEcho.cut(id))' is 1 to 64 of A-Z a-z 0-9 . _ - (not starting with .)")
        }
        guard let scopeNode = object["scope"] else { throw OverrideProblem(file: file, field: "scope", "is required ({} for every question)") }
        let scope = try self.scope(scopeNode, file: file)
        let from = try instant("from", required: true) ?? 0
        let until = try instant("until", required: true) ?? 0
        guard until > from else { throw OverrideProblem(file: file, field: "until", "is not after from") }
        let reason = try text("reason", required: true, bytes: reasonBytes) ?? ""
        var policies: [String] = []
        if let value = object["policies"], value != .null {
            guard case .array(let items) = value, !items.isEmpty, items.count <= maxPatterns else {
                throw OverrideProblem(file: file, field: "policies", "must be a list of 1 to \(maxPatterns) policy file names")
            }
            for item in items {
                guard case .string(let name) = item, !name.isEmpty, name.utf8.count <= textBytes,
                      !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
                    throw OverrideProblem(file: file, field: "policies", "must be a list of policy file names (strings)")
                }
                policies.append(name)
            }
        }
        return Override(id: id, scope: scope, from: from, until: until, reason: reason,
                        ticket: try text("ticket", required: false), requestedBy: try text("requestedBy", required: false),
                        approvedBy: try text("approvedBy", required: false), policies: policies,
                        endedAt: try instant("endedAt", required: false))
    }

    /// `[A-Za-z0-9._-]{1,64}`, not starting with a dot: a file name and a URL segment as it is.
    public static func isIdentifier(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && !id.hasPrefix(".") && id.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
    }

    /// A scope in a policy's grammar: every key a context key (did-you-mean otherwise), every
    /// value a pattern or a non-empty list of them; `exclude` the same, one level down.
    static func scope(_ node: JSONNode, file: String) throws(OverrideProblem) -> DecisionScope {
        guard case .object(let fields) = node else {
            throw OverrideProblem(file: file, field: "scope", "must be an object {KEY: VALUE or [VALUE, ...], \"exclude\": {...}}")
        }
        var include: [String: [String]] = [:], exclude: [String: [String]] = [:]
        var count = 0
        func patterns(_ node: JSONNode, _ path: String) throws(OverrideProblem) -> [String] {
            let items: [JSONNode]
            switch node {
            case .string: items = [node]
            case .array(let list) where !list.isEmpty: items = list
            default: throw OverrideProblem(file: file, field: path, "must be a string or a non-empty list of strings")
            }
            var out: [String] = []
            for item in items {
                guard case .string(let pattern) = item else { throw OverrideProblem(file: file, field: path, "must hold strings") }
                guard (1...textBytes).contains(pattern.utf8.count),
                      !pattern.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw OverrideProblem(file: file, field: path, "a value is 1 to \(textBytes) bytes without control characters")
                }
                count += 1
                guard count <= maxPatterns else { throw OverrideProblem(file: file, field: "scope", "holds more than \(maxPatterns) values") }
                out.append(pattern)
            }
            return out
        }
        func key(_ key: String, _ path: String) throws(OverrideProblem) {
            guard DecisionContext.isKey(key) else {
                let near = Suggestion.nearest(to: key, among: DecisionContext.keys).map { " — did you mean '\($0)'?" } ?? ""
                throw OverrideProblem(file: file, field: path, "unknown context key '\(InputEcho.cut(key))'\(near) "
                                      + "(keys: \(DecisionContext.keys.joined(separator: ", ")), labels.NAME)")
            }
        }
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            if name == "exclude" {
                guard case .object(let excluded) = value, !excluded.isEmpty else {
                    throw OverrideProblem(file: file, field: "scope.exclude", "must be a non-empty object {KEY: VALUE, ...}")
                }
                for (inner, patternsNode) in excluded.sorted(by: { $0.key < $1.key }) {
                    try key(inner, "scope.exclude." + InputEcho.cut(inner))
                    exclude[inner] = try patterns(patternsNode, "scope.exclude." + inner)
                }
            } else {
                try key(name, "scope." + InputEcho.cut(name))
                include[name] = try patterns(value, "scope." + name)
            }
        }
        return DecisionScope(include: include, exclude: exclude)
    }
}
