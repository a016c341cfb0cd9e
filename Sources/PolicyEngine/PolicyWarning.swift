/// Something legal but likely unintended in a policy, found at load (see `PolicyContract`):
/// `calpolicy check` reports it; it never changes an answer or an exit code.
public struct PolicyWarning: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: warning: message`.
    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        return text + ": warning: " + message
    }
}
