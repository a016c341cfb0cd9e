import CalendarCore

/// A Swift policy drawn at random: fixed sets of days that may not be selected or deselected.
struct SetPolicy: DayPolicy {
    let name: String
    let noSelect: Set<Day>
    let noDeselect: Set<Day>

    func canSelect(_ day: Day, context: PolicyContext) throws -> Verdict {
        noSelect.contains(day) ? .denied(reason: "\(name) denies \(day.iso)") : .allowed
    }

    func canDeselect(_ day: Day, context: PolicyContext) throws -> Verdict {
        noDeselect.contains(day) ? .denied(reason: "\(name) keeps \(day.iso)") : .allowed
    }
}

/// The selection rules written as plainly as possible, with sets and loops and no shared code with
/// `SelectionController`, so a property test can compare the two tap by tap.
struct SelectionModel {
    let mode: SelectionMode
    let noSelect: Set<Day>
    let noDeselect: Set<Day>
    let limits: SelectionLimits
    let firstWeekday: Int
    var selected: Set<Day> = []
    var pending: Day?

    func selectable(_ day: Day) -> Bool { !noSelect.contains(day) }
    func deselectable(_ days: some Sequence<Day>) -> Bool { days.allSatisfy { !noDeselect.contains($0) } }

    /// Returns whether the tap is accepted; a rejected tap leaves the model untouched.
    mutating func tap(_ day: Day) -> Bool {
        switch mode {
        case .single:
            guard selectable(day) else { return false }
            guard deselectable(selected.subtracting([day])) else { return false }
            selected = [day]
            return true
        case .multiple:
            if selected.contains(day) {
                guard deselectable([day]) else { return false }
                selected.remove(day)
                return true
            }
            guard selectable(day) else { return false }
            if let most = limits.maxCount, selected.count >= most { return false }
            selected.insert(day)
            return true
        case .range:
            guard selectable(day) else { return false }
            guard let start = pending else {
                guard deselectable(selected) else { return false }
                selected = []
                pending = day
                return true
            }
            let low = min(start.dayNumber, day.dayNumber), high = max(start.dayNumber, day.dayNumber)
            let length = high - low + 1
            if let least = limits.minLength, length < least { return false }
            if let most = limits.maxLength, length > most { return false }
            for n in low...high where n != day.dayNumber {
                if !selectable(Day(dayNumber: n)) { return false }
            }
            selected = Set((low...high).map { Day(dayNumber: $0) })
            pending = nil
            return true
        case .week, .month:
            guard selectable(day) else { return false }
            if selected.contains(day) {
                guard deselectable(selected) else { return false }
                selected = []
                return true
            }
            let period = mode == .week ? weekDays(of: day) : monthDays(of: day)
            let chosen = Set(period.filter { $0 == day || selectable($0) })
            guard deselectable(selected.subtracting(chosen)) else { return false }
            selected = chosen
            return true
        }
    }

    /// Seven days back from `day` to the first weekday, counted by hand.
    func weekDays(of day: Day) -> [Day] {
        var start = day
        while start.weekday != firstWeekday { start = start.adding(days: -1) }
        return (0..<7).map { start.adding(days: $0) }
    }

    /// Every Gregorian day sharing `day`'s year and month, found by walking outwards.
    func monthDays(of day: Day) -> [Day] {
        var first = day
        while first.adding(days: -1).month == day.month { first = first.adding(days: -1) }
        var days: [Day] = []
        var cursor = first
        while cursor.month == day.month {
            days.append(cursor)
            cursor = cursor.adding(days: 1)
        }
        return days
    }
}
