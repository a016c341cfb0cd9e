/// The freeze as the one table the engine's fixed Lua (`Prelude/declarative.lua`) reads: days as
/// day numbers, times as minutes, every optional value left out when not given.
extension Freeze {
    public var data: DataTree {
        var table: [(String, DataTree)] = []
        func text(_ key: String, _ value: String?, into pairs: inout [(String, DataTree)]) {
            if let value { pairs.append((key, .string(value))) }
        }
        text("name", name, into: &table)
        text("description", description, into: &table)
        text("version", version, into: &table)
        text("zone", zoneName, into: &table)
        if let scope { table.append(("scope", scope)) }
        if let overridable { table.append(("overridable", overridable)) }
        table.append(("dates", .list(dates.map { date in
            var pairs: [(String, DataTree)] = [("day", .integer(date.day.dayNumber))]
            text("reason", date.reason, into: &pairs)
            return .table(pairs)
        })))
        table.append(("closed", .list(closed.map { window in
            var pairs: [(String, DataTree)] = [
                ("fromDay", .integer(window.from.day.dayNumber)), ("fromMinute", .integer(window.from.minute)),
                ("toDay", .integer(window.to.day.dayNumber)), ("toMinute", .integer(window.to.minute)),
            ]
            text("reason", window.reason, into: &pairs)
            return .table(pairs)
        })))
        table.append(("weekly", .list(weekly.map { window in
            var pairs: [(String, DataTree)] = [
                ("days", .list(window.weekdays.map { .integer($0) })),
                ("from", .integer(window.from)), ("to", .integer(window.to)),
            ]
            text("reason", window.reason, into: &pairs)
            return .table(pairs)
        })))
        table.append(("holidays", .list(holidays.map { rule in
            var pairs: [(String, DataTree)] = [("place", .string(rule.place)), ("dayBefore", .boolean(rule.dayBefore)),
                                               ("dayAfter", .boolean(rule.dayAfter)), ("halfDays", .boolean(rule.halfDays))]
            if let categories = rule.categories { pairs.append(("categories", .list(categories.map { .string($0) }))) }
            text("language", rule.language, into: &pairs)
            return .table(pairs)
        })))
        table.append(("decorations", .list(decorations.map { rule in
            var pairs: [(String, DataTree)] = [("days", .list(rule.days.map { .integer($0.dayNumber) })),
                                               ("closed", .boolean(rule.closedDays))]
            text("label", rule.label, into: &pairs)
            text("color", rule.color, into: &pairs)
            return .table(pairs)
        })))
        return .table(table)
    }
}
