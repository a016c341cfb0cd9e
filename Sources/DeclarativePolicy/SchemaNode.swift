import CalendarCore
import CalendarData

/// One node of the document as the schema reads it: the node and its field path. Every scalar is
/// text unless the schema asks for a boolean, a whole number, a day or a wall time, and then only
/// the plain spelling of that type is accepted (`true`, `42`, `2026-12-24`, `15:00`), never
/// YAML 1.1's other spellings (`yes`, `NO`, `0x1F`).
struct SchemaNode {
    let node: YAMLNode
    let path: String

    func problem(_ message: String, at mark: SourceMark? = nil) -> DeclarativeProblem {
        DeclarativeProblem(path, message, at: mark ?? node.mark)
    }

    func child(_ key: String, _ value: YAMLNode) -> SchemaNode {
        SchemaNode(node: value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The mapping's entries, each key one of `keys` (an unknown one is refused with the nearest
    /// key as did-you-mean), in file order.
    func mapping(_ keys: [String]) throws(DeclarativeProblem) -> [(key: String, node: SchemaNode)] {
        guard case .mapping(let entries, _) = node else {
            throw problem("expected a mapping of \(listed(keys)), got \(node.kindName)")
        }
        var result: [(key: String, node: SchemaNode)] = []
        for entry in entries {
            guard keys.contains(entry.key) else {
                let name = InputEcho.cut(entry.key)
                let field = path.isEmpty ? name : "\(path).\(name)"
                let near = Suggestion.nearest(to: entry.key, among: keys)
                    ?? Suggestion.nearestAll(to: entry.key, among: keys, limit: 2, ignoringCase: true)?.words.first
                let hint = near.map { "; did you mean '\($0)'?" } ?? " (keys: \(listed(keys)))"
                throw DeclarativeProblem(field, "unknown key" + hint, at: entry.keyMark)
            }
            result.append((entry.key, child(entry.key, entry.value)))
        }
        return result
    }

    /// The keys an error lists: `$schema` (for editors only) left out.
    private func listed(_ keys: [String]) -> String { keys.filter { !$0.hasPrefix("$") }.joined(separator: ", ") }

    func list() throws(DeclarativeProblem) -> [SchemaNode] {
        guard case .sequence(let items, _) = node else { throw problem("expected a list, got \(node.kindName)") }
        return items.enumerated().map { SchemaNode(node: $1, path: "\(path)[\($0)]") }
    }

    /// A list, or one item standing for a list of one (`days: mon`).
    func listOrOne() -> [SchemaNode] {
        if case .sequence(let items, _) = node { return items.enumerated().map { SchemaNode(node: $1, path: "\(path)[\($0)]") } }
        return [self]
    }

    func nonEmptyList() throws(DeclarativeProblem) -> [SchemaNode] {
        let items = try list()
        guard !items.isEmpty else { throw problem("is an empty list") }
        return items
    }

    /// The scalar's raw text. An empty plain scalar (`reason:` with nothing after it) is no value.
    func string(maxBytes: Int = 4096) throws(DeclarativeProblem) -> String {
        guard case .scalar(let text, let quoted, _) = node else { throw problem("expected text, got \(node.kindName)") }
        guard quoted || !text.isEmpty else { throw problem("has no value") }
        guard text.utf8.count <= maxBytes else { throw problem("is longer than \(maxBytes) bytes") }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
            throw problem("holds a control character")
        }
        return text
    }

    private func plain() throws(DeclarativeProblem) -> String {
        guard case .scalar(let text, let quoted, _) = node, !quoted else {
            throw problem("expected an unquoted value, got \(node.kindName == "a scalar" ? "quoted text" : node.kindName)")
        }
        return text
    }

    func boolean() throws(DeclarativeProblem) -> Bool {
        guard case .scalar(let text, let quoted, _) = node, !quoted, text == "true" || text == "false" else {
            if case .scalar(_, true, _) = node { throw problem("must be true or false, unquoted\(echo)") }
            throw problem("must be true or false\(echo)")
        }
        return text == "true"
    }

    func integer(_ range: ClosedRange<Int>) throws(DeclarativeProblem) -> Int {
        let text = try plain()
        guard text.utf8.count <= 9, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
              (text == "0" || !text.hasPrefix("0")), let value = Int(text), range.contains(value) else {
            throw problem("must be a whole number, \(range.lowerBound) to \(range.upperBound)\(echo)")
        }
        return value
    }

    /// `YYYY-MM-DD`, quoted or not (YAML 1.1 would read an unquoted one as a timestamp).
    func day() throws(DeclarativeProblem) -> Day {
        let text = try string(maxBytes: 64)
        guard let day = try? Day(iso: text) else { throw problem("must be a date YYYY-MM-DD\(echo)") }
        return day
    }

    /// `HH:MM`, two digits each, `00:00` to `24:00` (`allowEnd`) as `cal.closed` reads it; minutes.
    func wallTime(allowEnd: Bool) throws(DeclarativeProblem) -> Int {
        let text = try string(maxBytes: 64)
        let bytes = Array(text.utf8)
        guard bytes.count == 5, bytes[2] == 58,
              [0, 1, 3, 4].allSatisfy({ bytes[$0] >= 48 && bytes[$0] <= 57 }) else {
            throw problem("must be a wall time HH:MM\(echo)")
        }
        let hour = Int(bytes[0] - 48) * 10 + Int(bytes[1] - 48), minute = Int(bytes[3] - 48) * 10 + Int(bytes[4] - 48)
        guard minute < 60, hour < 24 || (allowEnd && hour == 24 && minute == 0) else {
            throw problem("must be a wall time HH:MM, 00:00 to \(allowEnd ? "24:00" : "23:59")\(echo)")
        }
        return hour * 60 + minute
    }

    /// `, got 'NO'`: what was written, cut to one short line.
    var echo: String {
        switch node {
        case .scalar(let text, _, _): ", got '\(InputEcho.cut(text, maxCharacters: 64))'"
        default: ", got \(node.kindName)"
        }
    }
}
