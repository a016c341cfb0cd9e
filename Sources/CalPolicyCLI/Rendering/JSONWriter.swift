import PolicyEngine
/// Writes `JSONValue` deterministically: keys in the order given, two-space indent,
/// objects and arrays nested at most two deep on one line (a day, a week) and `rows`
/// one element per line, which keeps a year's output readable and line-diffable.
enum JSONWriter {
    static func write(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        out += "\n"
        return out
    }

    /// One value as it appears `indent` spaces deep in a document (no newline after it):
    /// lets a long document be written piece by piece with the same layout.
    static func append(_ value: JSONValue, indent: Int, to out: inout String) {
        write(value, indent: indent, into: &out)
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let number): out += String(number)
        case .string(let text): escape(text, into: &out)
        case .array(let values), .rows(let values):
            if values.isEmpty { out += "[]"; return }
            if case .array = value, value.depth <= 2 {
                out += "["
                for (index, element) in values.enumerated() {
                    if index > 0 { out += ", " }
                    write(element, indent: indent, into: &out)
                }
                out += "]"
                return
            }
            out += "[\n"
            for (index, element) in values.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                write(element, indent: indent + 2, into: &out)
                out += index < values.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            if value.depth <= 2 {
                out += "{"
                for (index, (key, element)) in pairs.enumerated() {
                    if index > 0 { out += ", " }
                    escape(key, into: &out)
                    out += ": "
                    write(element, indent: indent, into: &out)
                }
                out += "}"
                return
            }
            out += "{\n"
            for (index, (key, element)) in pairs.enumerated() {
                out += String(repeating: " ", count: indent + 2)
                escape(key, into: &out)
                out += ": "
                write(element, indent: indent + 2, into: &out)
                out += index < pairs.count - 1 ? ",\n" : "\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    /// One escaper for every JSON calpolicy writes: PolicyEngine's (snapshots, diff, explain).
    static func escape(_ text: String, into out: inout String) {
        JSONText.escape(text, into: &out)
    }
}
