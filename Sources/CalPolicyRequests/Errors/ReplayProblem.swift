/// A decision log `replay` cannot read: the line (1-based) and what is wrong with it. Bad input
/// (exit 2), never a difference: a replay that skipped a line it could not read would report
/// "no differences" over a log it did not check.
public struct ReplayProblem: Error, Hashable, Sendable {
    public var line: Int
    public var reason: String

    public init(line: Int, reason: String) {
        (self.line, self.reason) = (line, reason)
    }

    public var message: String { "line \(line): \(reason)" }
}
