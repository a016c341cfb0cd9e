/// The tap rules of each mode (the selection table of the calendar core).
extension SelectionController {
    /// single: an allowed day replaces the selection; the day already selected stays.
    mutating func tapSingle(_ day: Day) throws -> TapResult {
        if let refusal = try refusalToSelect(day) { return rejected(day, refusal) }
        if selection == [day] { return accept(day, selection: selection) }
        if let refusal = try refusalToDeselect(selection.lazy.filter { $0 != day }) { return rejected(day, refusal) }
        return accept(day, selection: [day])
    }

    /// multiple: a selected day is removed if `canDeselect` allows it, whatever
    /// `canSelect` says now; an unselected one is added if allowed and under the count.
    mutating func tapMultiple(_ day: Day) throws -> TapResult {
        if let index = selection.firstIndex(of: day) {
            if let refusal = try refusalToDeselect([day]) { return rejected(day, refusal) }
            var next = selection
            next.remove(at: index)
            return accept(day, selection: next)
        }
        if let refusal = try refusalToSelect(day) { return rejected(day, refusal) }
        if let maxCount = limits.maxCount, selection.count >= maxCount {
            return rejected(day, limit: "at most \(maxCount) day\(maxCount == 1 ? "" : "s") may be selected")
        }
        var next = selection
        let insertAt = next.firstIndex { $0 > day } ?? next.endIndex
        next.insert(day, at: insertAt)
        return accept(day, selection: next)
    }

    /// range: with no endpoint pending a tap starts over (clearing the selection);
    /// with one pending it completes the range, unless a day inside is denied or
    /// the length limits are broken, in which case the pending endpoint is kept.
    mutating func tapRange(_ day: Day) throws -> TapResult {
        if let refusal = try refusalToSelect(day) { return rejected(day, refusal) }
        guard let start = pending else {
            if let refusal = try refusalToDeselect(selection) { return rejected(day, refusal) }
            return accept(day, selection: [], pending: day)
        }
        let span = DaySpan(start, day)
        var chosen: [Day] = []
        var leftOut: [Day] = []
        // The days inside the span are asked together, once (one batch per policy), when
        // needed; both ends were asked already (the tapped one above, the pending one when it
        // was tapped or restored) and are allowed.
        var asked: [PolicyStack.Decision]?
        func decisions() throws -> [PolicyStack.Decision] {
            if let asked { return asked }
            var all: [PolicyStack.Decision] = [.allowed]
            if span.count > 2 {
                all += try stack.canSelect(DaySpan(span.first.adding(days: 1), span.last.adding(days: -1)),
                                           context: context)
            }
            if span.count > 1 { all.append(.allowed) }
            asked = all
            return all
        }
        switch rangeRule {
        case .reject:
            chosen = Array(span)
        case .skip:
            // Both ends were asked (the pending one when it was tapped or restored);
            // the days inside are asked before the length limits, which count selected days.
            for (inside, decision) in zip(span, try decisions()) {
                if inside == day || inside == start || decision.isAllowed {
                    chosen.append(inside)
                } else {
                    leftOut.append(inside)
                }
            }
        }
        let counted = rangeRule == .skip ? "selects" : "holds"
        if let minLength = limits.minLength, chosen.count < minLength {
            return rejected(day, limit: "a range must hold at least \(minLength) days; \(span.first.iso)...\(span.last.iso) \(counted) \(chosen.count)")
        }
        if let maxLength = limits.maxLength, chosen.count > maxLength {
            return rejected(day, limit: "a range may hold at most \(maxLength) days; \(span.first.iso)...\(span.last.iso) \(counted) \(chosen.count)")
        }
        if rangeRule == .reject {
            for (inside, decision) in zip(span, try decisions()) where inside != day && !decision.isAllowed {
                var refusal = Refusal(decision, day: inside)
                refusal.reason = "the range \(span.first.iso)...\(span.last.iso) holds \(inside.iso), which may not be selected: \(refusal.reason)"
                return rejected(day, refusal)
            }
        }
        // A restored state may hold a selection beside the pending end: what the range
        // replaces must be deselectable.
        let kept = Set(chosen)
        if let refusal = try refusalToDeselect(selection.lazy.filter { !kept.contains($0) }) {
            return rejected(day, refusal)
        }
        return accept(day, selection: chosen, leftOut: leftOut)
    }

    /// week, month: a tap outside the selection selects the allowed days of its
    /// period and lists the others as left out; a tap inside clears the selection.
    mutating func tapPeriod(_ day: Day) throws -> TapResult {
        if let refusal = try refusalToSelect(day) { return rejected(day, refusal) }
        if selection.contains(day) {
            if let refusal = try refusalToDeselect(selection) { return rejected(day, refusal) }
            return accept(day, selection: [])
        }
        let kind: PeriodKind = mode == .month ? .month : .week
        let period = try Period(kind, containing: day, calendar: context.calendar, firstWeekday: firstWeekday)
        var chosen: [Day] = []
        var leftOut: [Day] = []
        for candidate in period.span {
            if try candidate == day || refusalToSelect(candidate) == nil {
                chosen.append(candidate)
            } else {
                leftOut.append(candidate)
            }
        }
        let kept = Set(chosen)
        if let refusal = try refusalToDeselect(selection.lazy.filter { !kept.contains($0) }) {
            return rejected(day, refusal)
        }
        return accept(day, selection: chosen, leftOut: leftOut)
    }
}
