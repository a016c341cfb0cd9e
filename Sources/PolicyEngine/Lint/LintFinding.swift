/// One thing `calpolicy lint` found in a policy file: where (1-based line and column; 1:1 when
/// the check knows no place), which check (`W143` for luacheck's codes, `calpolicy` for ours) and
/// what, in one line.
public struct LintFinding: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var code: String
    public var message: String

    public init(file: String, line: Int, column: Int, code: String, message: String) {
        (self.file, self.line, self.column, self.code, self.message) = (file, line, column, code, message)
    }
}
