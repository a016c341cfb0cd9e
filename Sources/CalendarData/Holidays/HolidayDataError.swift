/// A problem with the holiday data or a reference into it: one message, said once.
///
/// `file:line` for a damaged data file (so it can be regenerated, not guessed at); the
/// reference and a did-you-mean for an unknown country, subdivision or category.
public struct HolidayDataError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// "did you mean 'DE-BB', 'DE-BE' or 'DE-BW'?" for the candidates nearest `typed`.
    public static func suggestions(for typed: String, among candidates: [String]) -> String {
        guard let found = Suggestion.nearestAll(to: typed, among: candidates, limit: Suggestion.typoLimit(typed),
                                                ignoringCase: true) else { return "" }
        let near = found.words.map { "'\($0)'" }.prefix(3)
        if near.count == 1 { return "; did you mean \(near[0])?" }
        return "; did you mean " + near.dropLast().joined(separator: ", ") + " or \(near.last!)?"
    }
}
