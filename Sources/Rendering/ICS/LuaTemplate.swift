/// Generated Lua made from a `.lua` template compiled into the module (ICS/Templates), so the
/// Lua stays in Lua files and outside text enters it only through `LuaStringLiteral`.
///
/// A template is the Lua as it will be written, with three marks, each chosen so the template
/// itself still parses as Lua (a `{{key}}` reads as a table in a table, a marker line as a comment):
/// - `{{key}}` on a code line: the value as a Lua string literal (`LuaStringLiteral.quoted`);
/// - `{{key}}` on a comment line (one starting, after indentation, with `-- `): the value escaped
///   as a comment's text (`LuaStringLiteral.commentText`), which cannot end the comment;
/// - a line `-- {{#key}}` and, later, a line `-- {{/key}}`: the lines between are written only
///   when the section `key` is on; the two marker lines never are.
/// Any `{{` starts a mark. A mark naming no given value or section, a malformed one, or a section
/// left open is refused with a `LuaTemplateError`: a template and its caller disagreeing is a
/// bug to report, never text to guess at.
struct LuaTemplate: TemplateFile {
    /// The template's file name, for errors.
    let name: String
    let text: String

    /// The text with every mark filled from `values` (plain text; the mark's place decides how
    /// it is escaped) and each section kept or dropped as `sections` says.
    func render(_ values: [String: String], sections: [String: Bool] = [:]) throws(LuaTemplateError) -> String {
        var out = ""
        // The open sections, innermost last; a line is written when all of them are on.
        var open: [(key: String, on: Bool)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let fail = { (problem: String) in LuaTemplateError(template: name, line: index + 1, problem: problem) }
            let trimmed = line.drop { $0 == " " }
            if let key = Self.marker(trimmed, opening: "#") {
                guard let on = sections[key] else { throw fail("unknown section {{#\(key)}}") }
                open.append((key, on))
                continue
            }
            if let key = Self.marker(trimmed, opening: "/") {
                guard open.last?.key == key else { throw fail("{{/\(key)}} closes no open section") }
                open.removeLast()
                continue
            }
            // Filled even when dropped, so a wrong mark is refused whichever sections are on.
            let comment = trimmed.hasPrefix("-- ")
            let filled = try fill(line, values: values, escape: { comment ? LuaStringLiteral.commentText($0) : LuaStringLiteral.quoted($0) },
                                  fail: fail)
            // Every line but the last ended in a line feed; a dropped line takes its own with it.
            if open.allSatisfy(\.on) { out += filled + (index < lines.count - 1 ? "\n" : "") }
        }
        if let unclosed = open.last {
            throw LuaTemplateError(template: name, line: nil, problem: "section {{#\(unclosed.key)}} is never closed")
        }
        return out
    }

    /// `-- {{#key}}` (or `/`) as a whole line, indentation removed: the key.
    private static func marker(_ line: Substring, opening: Character) -> String? {
        guard line.hasPrefix("-- {{\(opening)"), line.hasSuffix("}}") else { return nil }
        let key = line.dropFirst(6).dropLast(2)
        return isKey(key) ? String(key) : nil
    }
}
