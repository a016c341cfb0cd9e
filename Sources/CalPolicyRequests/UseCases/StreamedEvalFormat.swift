/// The `eval` formats written while the span is still being evaluated (`EvalUseCase.write`):
/// a type of its own, so asking for another one does not compile (it was a precondition).
public enum StreamedEvalFormat: Sendable {
    case csv, json

    /// The format, when `format` is one that streams.
    public init?(_ format: EvalFormat) {
        switch format {
        case .csv: self = .csv
        case .json: self = .json
        case .text, .html, .ics: return nil
        }
    }

    /// The `--format` it is.
    public var evalFormat: EvalFormat { self == .csv ? .csv : .json }
}
