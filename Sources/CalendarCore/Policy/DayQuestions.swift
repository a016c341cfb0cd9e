/// Which of a policy's three answers a caller needs for one day.
///
/// A stack stops asking a question once a policy has settled it (a denial, or a
/// decoration), so later policies are asked only what is still open — the same calls
/// the separate `canSelect`/`canDeselect`/`decoration(for:)` loops would make.
public struct DayQuestions: Hashable, Sendable {
    public var canSelect: Bool
    public var canDeselect: Bool
    public var decoration: Bool

    public init(canSelect: Bool = true, canDeselect: Bool = true, decoration: Bool = true) {
        self.canSelect = canSelect
        self.canDeselect = canDeselect
        self.decoration = decoration
    }

    public static let all = DayQuestions()
    public static let none = DayQuestions(canSelect: false, canDeselect: false, decoration: false)

    public var isEmpty: Bool { !canSelect && !canDeselect && !decoration }
}
