import CalendarCore

/// What `workdays` answers, with the question it answers (the documents repeat it): the day
/// `add` lands on, or the count `between` gives.
public enum WorkdaysAnswer: Equatable, Sendable {
    case added(from: Day, days: Int, date: Day)
    case counted(from: Day, to: Day, businessDays: Int)

    /// One line of a batch: an answer, or the search that found no business day (that line
    /// says so and the batch goes on; any other failure ends the batch).
    public enum Line: Equatable, Sendable {
        case answer(WorkdaysAnswer)
        case noBusinessDay(from: String, years: Int)
    }
}
