import CalendarCore

/// A period holding a date, moved by a step, with its neighbours (`GET /v1/period`).
public struct PeriodAnswer {
    public var kind: PeriodKind
    /// The date asked about, as given.
    public var date: String
    public var step: Int
    public var current: Period
    public var previous: Period
    public var next: Period
    public var settings: DisplaySettings

    public init(kind: PeriodKind, date: String, step: Int, current: Period, previous: Period, next: Period,
                settings: DisplaySettings) {
        (self.kind, self.date, self.step, self.settings) = (kind, date, step, settings)
        (self.current, self.previous, self.next) = (current, previous, next)
    }
}

/// `{kind, date, step, calendar, firstWeekday, id, first, last, previous: {id, first, last}, next: {…}}`.
public enum PeriodRenderer {
    public static func json(_ answer: PeriodAnswer) -> String {
        // Months and years are named as `--month` and `--year` take them back (eval JSON's `period`).
        func id(_ period: Period) -> String {
            let shown = answer.settings.system.date(of: period.first)
            switch answer.kind {
            case .year: return CalendarMonth.yearText(shown.year)
            case .month: return (try? shown.month.identifier(in: answer.settings.system)) ?? period.first.iso
            default: return period.first.iso
            }
        }
        func bounds(_ period: Period) -> JSONValue {
            .object([("id", .string(id(period))), ("first", .string(period.first.iso)), ("last", .string(period.last.iso))])
        }
        return JSONWriter.write(.object([
            ("kind", .string(answer.kind.rawValue)),
            ("date", .string(answer.date)),
            ("step", .int(answer.step)),
            ("calendar", .string(answer.settings.calendar.rawValue)),
            ("firstWeekday", .int(answer.settings.firstWeekday)),
            ("id", .string(id(answer.current))),
            ("first", .string(answer.current.first.iso)),
            ("last", .string(answer.current.last.iso)),
            ("previous", bounds(answer.previous)),
            ("next", bounds(answer.next)),
        ]))
    }
}
