extension MonthGrid {
    /// A grid starting on the locale's first weekday (Sunday in the US, Monday in
    /// most of Europe, Saturday in Egypt). Week numbers stay ISO unless `weekRule`
    /// says otherwise; pass `locale.weekRule` for the locale's own numbering.
    public init(month: CalendarMonth, calendar: any CalendarSystem, locale: LocaleInfo,
                weekRule: WeekRule = .iso8601, layout: Layout = .fitted, today: Day? = nil) throws(CalendarError) {
        try self.init(month: month, calendar: calendar, firstWeekday: locale.firstWeekday, weekRule: weekRule,
                      layout: layout, today: today)
    }
}
