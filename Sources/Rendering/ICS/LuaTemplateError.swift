/// A template its caller cannot fill: which template, where, and what is wrong with it.
public struct LuaTemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    public let template: String
    /// 1-based; nil when the problem is the template as a whole (a section never closed).
    public let line: Int?
    public let problem: String

    public var description: String {
        "template \(template)" + (line.map { ":\($0)" } ?? "") + ": " + problem
    }
}
