import CalendarCore
import Rendering

/// A period (week, month or year) holding a date, moved by a step, with its neighbours: what a
/// picker's arrows ask (`GET /v1/period`).
public enum PeriodUseCase {
    public static func resolve(kind kindText: String, date dateText: String, step stepText: String,
                               settings: DisplaySettings) throws(RequestError) -> PeriodAnswer {
        guard let kind = PeriodKind(rawValue: kindText), kind == .week || kind == .month || kind == .year else {
            throw RequestError(OptionCatalogue.kind, value: kindText, reason: "expected one of week, month, year")
        }
        let day = try ValueParser.day(dateText, option: OptionCatalogue.date)
        guard let step = Int(stepText), (-1...1).contains(step) else {
            throw RequestError(OptionCatalogue.step, value: stepText, reason: "expected -1, 0 or 1")
        }
        do {
            var current = try Period(kind, containing: day, calendar: settings.system, firstWeekday: settings.firstWeekday)
            if step == 1 { current = try current.next() }
            if step == -1 { current = try current.previous() }
            return PeriodAnswer(kind: kind, date: dateText, step: step, current: current, previous: try current.previous(),
                                next: try current.next(), settings: settings)
        } catch {
            throw RequestError(OptionCatalogue.date, value: dateText, reason: String(describing: error))
        }
    }
}
