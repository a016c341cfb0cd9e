/// Generated YAML made from a `.yaml` template compiled into the module (New/Templates): the
/// declarative policies `calpolicy new` writes. Outside text enters only through a mark:
/// - `{{key}}` on a value line: the value as a YAML double-quoted scalar (`quoted`), so no YAML
///   reader, 1.1 or 1.2, takes a date, a time (`"15:00"`) or `NO` for another type;
/// - `{{key}}` on a comment line (one starting, after indentation, with `#`): the value escaped
///   as on a terminal (`TerminalText`), so it cannot end the comment.
/// A mark naming no given value, or malformed, is a `LuaTemplateError` (the same mistake as in a
/// Lua template: the template and its caller disagree).
struct YAMLTemplate: TemplateFile {
    let name: String
    let text: String

    func render(_ values: [String: String]) throws(LuaTemplateError) -> String {
        var out: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let comment = line.drop { $0 == " " }.hasPrefix("#")
            out.append(try fill(line, values: values, escape: { comment ? TerminalText.escape($0) : Self.quoted($0) }) { problem in
                LuaTemplateError(template: name, line: index + 1, problem: problem)
            })
        }
        return out.joined(separator: "\n")
    }

    /// A YAML double-quoted scalar: `\\`, `\"`, and every control character, DEL and the
    /// characters YAML 1.1 reads as line breaks (U+0085, U+2028, U+2029) as `\uXXXX`, so the
    /// scalar is one line and reads back as exactly `text`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x5C: out += #"\\"#
            case 0x22: out += #"\""#
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
