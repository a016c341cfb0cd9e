/// What keeps a declarative policy file from loading, as data: where (line and column), which
/// field (`closed[0].from`, empty for the document or the file itself) and what was wrong.
public struct DeclarativeProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var mark: SourceMark?
    /// The field's path, as the schema names it.
    public var field: String
    public var message: String

    public init(_ field: String, _ message: String, at mark: SourceMark?) {
        self.field = field
        self.message = message
        self.mark = mark
    }

    /// `closed[0].form: unknown key; did you mean 'from'?` (the file and place are the caller's).
    public var description: String { field.isEmpty ? message : "\(field): \(message)" }
}
