import CalendarCore

/// One year's `answersForYear` answers, the listed days in ascending day-number order.
///
/// Why sorted arrays and not a dictionary: a long span asks every day of the year, and a
/// dictionary lookup per day per policy was the stack's per-layer cost (a second layer nearly
/// doubled a 300-year CSV). A run of consecutive days walks the listed days between its ends
/// instead, so a policy's cost is per listed day (a weekend or holiday), not per day asked.
struct YearAnswerTable {
    /// The listed day numbers, ascending, each once.
    private(set) var dayNumbers: [Int] = []
    /// `answers[k]` is the answer of `dayNumbers[k]`.
    private(set) var answers: [DayAnswers] = []
    /// The `weekly` answers, `weekly[w - 1]` for weekday w (1 = Sunday): the answer of every
    /// day on that weekday the table does not list. Empty when the year gave none.
    private(set) var weekly: [DayAnswers?] = []
    /// `weeklySays[w - 1]`: weekday w has a weekly answer that refuses or decorates (seven
    /// false when `weekly` is empty): the walk over a run looks at this, not at the answers.
    private(set) var weeklySays = [Bool](repeating: false, count: 7)

    /// The table of the year `first...last` (day numbers) from `count` listed days in any order
    /// (Lua's `pairs` order), each day read by `dayNumber(i)` and `answer(i)`; a day listed twice
    /// keeps its last answer, as a dictionary did. One slot per day of the year instead of a
    /// sort: sorting the answers moved each one several times (most of the year's cost).
    ///
    /// `same(i, j)`: whether listed answers i and j are one answer (a weekend layer lists one
    /// table for all its days): a day whose answer is the previous listed day's copies that
    /// answer instead of reading its texts again. `weekday(i)`: 1...7 when answer i is a
    /// weekly one (`weekly = { [cal.SATURDAY] = ... }`), else 0.
    init(first: Int, last: Int, count: Int, dayNumber: (Int) -> Int, weekday: (Int) -> Int,
         same: (Int, Int) -> Bool, answer: (Int) -> DayAnswers) {
        var slots = [Int32](repeating: -1, count: max(0, last - first + 1))
        var listed = 0
        for index in 0..<count {
            let day = weekday(index)
            if (1...7).contains(day) {
                if weekly.isEmpty { weekly = Array(repeating: nil, count: 7) }
                let known = answer(index)
                weekly[day - 1] = known
                weeklySays[day - 1] = !known.select.isAllowed || known.decoration != nil
                continue
            }
            let offset = dayNumber(index) - first
            guard slots.indices.contains(offset) else { continue } // the bridge refuses such keys
            if slots[offset] < 0 { listed += 1 }
            slots[offset] = Int32(index)
        }
        dayNumbers.reserveCapacity(listed)
        answers.reserveCapacity(listed)
        var previous = -1
        for (offset, index) in slots.enumerated() where index >= 0 {
            dayNumbers.append(first + offset)
            if previous >= 0, same(previous, Int(index)) {
                answers.append(answers[answers.count - 1])
            } else {
                answers.append(answer(Int(index)))
            }
            previous = Int(index)
        }
    }

    /// The position of the first listed day on or after `dayNumber` (`dayNumbers.count` if none).
    func firstIndex(atOrAfter dayNumber: Int) -> Int {
        var low = 0, high = dayNumbers.count
        while low < high {
            let mid = (low + high) / 2
            if dayNumbers[mid] < dayNumber { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The answer listed for `dayNumber`, else its weekday's weekly answer, if any.
    func answer(for dayNumber: Int) -> DayAnswers? {
        let index = firstIndex(atOrAfter: dayNumber)
        if index < dayNumbers.count && dayNumbers[index] == dayNumber { return answers[index] }
        return weekly.isEmpty ? nil : weekly[GregorianMath.weekday(of: dayNumber) - 1]
    }
}
