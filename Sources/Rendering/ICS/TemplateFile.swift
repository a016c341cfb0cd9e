/// A template compiled into the module: its file name (for errors) and its text, and the one
/// filler of `{{key}}` marks that Lua and YAML templates share. Each kind decides only how a
/// value is escaped where its mark stands (`LuaTemplate`, `YAMLTemplate`).
protocol TemplateFile: Sendable {
    var name: String { get }
    var text: String { get }
    init(name: String, text: String)
}

extension TemplateFile {
    init(name: String, bytes: [UInt8]) {
        self.init(name: name, text: String(decoding: bytes, as: UTF8.self))
    }

    /// One line with its `{{key}}` marks replaced by `escape(value)`; values are appended,
    /// never scanned again. A mark without `}}` or naming no given value is refused.
    func fill(_ line: Substring, values: [String: String], escape: (String) -> String,
              fail: (String) -> LuaTemplateError) throws(LuaTemplateError) -> String {
        var out = "", rest = line
        while let start = rest.firstRange(of: "{{") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstRange(of: "}}") else { throw fail("a {{ without }}") }
            let key = rest[start.upperBound..<end.lowerBound]
            guard Self.isKey(key), let value = values[String(key)] else { throw fail("unknown placeholder {{\(key)}}") }
            out += escape(value)
            rest = rest[end.upperBound...]
        }
        return out + rest
    }

    /// A mark's key: a letter or `_`, then letters, digits and `_` (ASCII).
    static func isKey(_ key: Substring) -> Bool {
        guard let first = key.first, first == "_" || (first.isASCII && first.isLetter) else { return false }
        return key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
    }
}
