import CalendarCore
import PolicyEngine
import Rendering

/// `revalidate`: stored selections (bookings accepted earlier) asked again under the policies
/// as they are now; each one the stack now refuses is listed with its first refused day and the
/// reason. The CLI's `revalidate`, `diff --selections` and the server's `POST /v1/revalidate`
/// come through here.
///
/// Each distinct day is asked once, whatever the number of selections holding it: the days are
/// gathered, asked in runs (one batch per policy a run), and every selection then reads its
/// days' answers. A day is asked as a fresh tap asks it: the policies see no selection
/// (`ctx.selection` is empty), so an answer never depends on which booking holds the day.
public enum RevalidateUseCase {
    /// One stored selection: a line of the file, as `select --format json` writes a selection
    /// (`mode`, `selection`) with an `id`; `days` may stand for `selection`, and `range`
    /// (`{"from": DAY, "to": DAY}` or `[DAY, DAY]`) for every day from one to the other.
    public struct StoredSelection: Sendable, Equatable {
        public var line: Int
        public var id: String
        public var mode: SelectionMode
        /// The days listed (`selection` or `days`); empty for a `range`.
        public var days: [Day]
        /// A `range`'s days, kept as its two ends: a 400-year range is two days of memory, never
        /// an array of 146,097 (they are walked, under the run's deadline, when the stack is asked).
        public var range: DaySpan?

        public init(line: Int, id: String, mode: SelectionMode, days: [Day]) {
            (self.line, self.id, self.mode, self.days, self.range) = (line, id, mode, days, nil)
        }

        public init(line: Int, id: String, mode: SelectionMode, range: DaySpan) {
            (self.line, self.id, self.mode, self.days, self.range) = (line, id, mode, [], range)
        }

        /// How many days the selection holds (a day listed twice counts twice).
        public var dayCount: Int { range?.count ?? days.count }

        /// The earliest and the latest day held, or nil for an empty list.
        var bounds: (first: Day, last: Day)? {
            if let range { return (range.first, range.last) }
            guard let first = days.min(), let last = days.max() else { return nil }
            return (first, last)
        }
    }

    /// The fields a line may hold: `select --format json`'s, with `id`, `days` and `range`.
    static let fields: Set<String> = ["id", "mode", "selection", "days", "range", "pending", "taps"]

    /// Every line of `text` (blank lines skipped) as a stored selection; a malformed line is a
    /// request error about `option` naming the line.
    public static func parse(_ text: String, option: OptionSpec) throws(RequestError) -> [StoredSelection] {
        let bytes = Array(text.utf8)
        var selections: [StoredSelection] = []
        var number = 0, start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            number += 1
            if bytes[start..<end].contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                do throws(LineProblem) {
                    selections.append(try parse(bytes, start..<end, number: number))
                } catch {
                    throw RequestError(option, value: String(String(decoding: bytes[start..<end], as: UTF8.self).prefix(80)),
                                       reason: "line \(number): \(error.text)")
                }
            }
            start = end + 1
        }
        return selections
    }

    struct LineProblem: Error { var text: String }

    static func parse(_ bytes: [UInt8], _ range: Range<Int>, number: Int) throws(LineProblem) -> StoredSelection {
        let parsed: JSONNode
        do {
            parsed = try JSONLineReader.read(bytes, in: range)
        } catch {
            throw LineProblem(text: "not JSON (\(error.message) at byte \(error.offset - range.lowerBound + 1)); "
                + "expected one object a line ({\"id\": ..., \"mode\": ..., \"selection\": [...]})")
        }
        guard case .object(let object) = parsed else { throw LineProblem(text: "expected a JSON object") }
        if let unknown = object.keys.sorted().first(where: { !fields.contains($0) }) {
            throw LineProblem(text: "unknown field '\(unknown)'; expected \(fields.sorted().joined(separator: ", "))")
        }
        let id: String
        switch object["id"] {
        case nil, .null: id = "line \(number)"
        case .string(let text): id = text
        case .number(let value, true) where abs(value) < 1e15: id = String(Int64(value))
        default: throw LineProblem(text: "'id' must be a string or an integer")
        }
        guard case .string(let modeText) = object["mode"] else { throw LineProblem(text: "'mode' is missing or not a string") }
        guard let mode = SelectionMode(rawValue: modeText) else {
            throw LineProblem(text: "unknown mode '\(modeText)'; expected \(SelectionMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let given = ["selection", "days", "range"].filter { object[$0] != nil && object[$0] != .null }
        guard given.count == 1 else {
            throw LineProblem(text: given.isEmpty ? "expected 'selection' (or 'days', or 'range')"
                : "give one of 'selection', 'days' and 'range', not \(given.joined(separator: " and "))")
        }
        func day(_ value: JSONNode, _ field: String) throws(LineProblem) -> Day {
            guard case .string(let text) = value else { throw LineProblem(text: "'\(field)' holds a value that is not a date") }
            do { return try Day(iso: text) } catch {
                throw LineProblem(text: "'\(field)': '\(text)': \(ValueParser.reason(for: error))")
            }
        }
        if given[0] == "range" {
            let ends: [JSONNode]
            switch object["range"] {
            case .array(let pair): ends = pair
            case .object(let fromTo) where fromTo["from"] != nil && fromTo["to"] != nil: ends = [fromTo["from"]!, fromTo["to"]!]
            default: throw LineProblem(text: "'range' must be {\"from\": DAY, \"to\": DAY} or [DAY, DAY]")
            }
            guard ends.count == 2 else { throw LineProblem(text: "'range' must hold two days") }
            let (first, last) = (try day(ends[0], "range"), try day(ends[1], "range"))
            guard first <= last, first.distance(to: last) < SpanResolver.maximumDays else {
                throw LineProblem(text: "'range' must run forward, within \(SpanResolver.maximumDays) days")
            }
            if mode == .single && first != last {
                throw LineProblem(text: "single mode holds at most one day; this selection holds \(first.distance(to: last) + 1)")
            }
            return StoredSelection(line: number, id: id, mode: mode, range: DaySpan(first, last))
        }
        guard case .array(let list) = object[given[0]] else { throw LineProblem(text: "'\(given[0])' must be an array of dates") }
        var days: [Day] = []
        days.reserveCapacity(list.count)
        for value in list { days.append(try day(value, given[0])) }
        if mode == .single && Set(days).count > 1 {
            throw LineProblem(text: "single mode holds at most one day; this selection holds \(Set(days).count)")
        }
        return StoredSelection(line: number, id: id, mode: mode, days: days)
    }

    /// The stored selections asked again under `policies` and the built-ins, with today and the
    /// calendar of `evaluation`: the one call of `revalidate` and `POST /v1/revalidate`.
    public static func run(_ selections: [StoredSelection], policies: [any DayPolicy],
                           evaluation: EvaluationOptions) throws(RequestFailure) -> RevalidateAnswer {
        RevalidateAnswer(refusals: try refused(selections, stack: PolicyStack(policies + evaluation.builtIns),
                                               context: evaluation.settings.context),
                         selections: selections.count)
    }

    /// The selections the stack refuses, in file order. Each distinct day is asked once:
    /// the days are sorted and asked in runs (days less than `gap` apart share a run).
    public static func refused(_ selections: [StoredSelection], stack: PolicyStack,
                               context: PolicyContext) throws(RequestFailure) -> [RevalidateRefusal] {
        var covered: (first: Day, last: Day)?
        for selection in selections {
            guard let bounds = selection.bounds else { continue }
            covered = covered.map { (min($0.first, bounds.first), max($0.last, bounds.last)) } ?? bounds
        }
        guard let covered else { return [] }
        // One slot a day of the covered span (at most 0001...9999, 14 MiB): -1 not held by any
        // selection, 0 allowed, k > 0 denials[k - 1].
        let base = covered.first.dayNumber
        var slots = [Int32](repeating: -1, count: covered.last.dayNumber - base + 1)
        var ranges: [DaySpan] = []
        for selection in selections {
            if let range = selection.range { ranges.append(range) }
            for day in selection.days { slots[day.dayNumber - base] = 0 }
        }
        // Ranges marked in one sweep, each slot once however many ranges overlap it.
        ranges.sort { $0.first < $1.first }
        var marked = base - 1
        for range in ranges where range.last.dayNumber > marked {
            for number in max(range.first.dayNumber, marked + 1)...range.last.dayNumber { slots[number - base] = 0 }
            marked = range.last.dayNumber
        }
        var denials: [PolicyStack.Decision] = []
        // Days less than `gap` apart share a run; a run asks at most `chunk` days at once, so the
        // answers held at a time stay small whatever span the selections cover.
        let gap = 64, chunk = 4096
        var index = 0
        do {
            while index < slots.count {
                guard slots[index] == 0 else { index += 1; continue }
                var end = index, quiet = 0, probe = index + 1
                while probe < slots.count, quiet < gap, probe - index < chunk {
                    if slots[probe] == 0 { end = probe; quiet = 0 } else { quiet += 1 }
                    probe += 1
                }
                let span = DaySpan(Day(dayNumber: base + index), Day(dayNumber: base + end))
                for (offset, decision) in try stack.canSelect(span, context: context).enumerated()
                where !decision.isAllowed && slots[index + offset] == 0 {
                    denials.append(decision)
                    slots[index + offset] = Int32(denials.count)
                }
                index = end + 1
            }
        } catch {
            throw RequestFailure(policyFailure: error)
        }
        // For ranges: refused[k] = refused slots before slot k, so a range's count is one
        // subtraction and its first refused day one binary search.
        var refusedBefore: [Int32] = []
        if !ranges.isEmpty {
            refusedBefore.reserveCapacity(slots.count + 1)
            var running: Int32 = 0
            refusedBefore.append(0)
            for slot in slots {
                if slot > 0 { running += 1 }
                refusedBefore.append(running)
            }
        }
        var refusals: [RevalidateRefusal] = []
        for selection in selections {
            var firstRefused: (day: Day, slot: Int32)?
            var count = 0
            if let range = selection.range {
                let low = range.first.dayNumber - base, high = range.last.dayNumber - base
                count = Int(refusedBefore[high + 1] - refusedBefore[low])
                if count > 0 {
                    // The first k in low...high with refusedBefore[k + 1] > refusedBefore[low].
                    var (lower, upper) = (low, high)
                    while lower < upper {
                        let middle = (lower + upper) / 2
                        if refusedBefore[middle + 1] > refusedBefore[low] { upper = middle } else { lower = middle + 1 }
                    }
                    firstRefused = (Day(dayNumber: base + lower), slots[lower])
                }
            }
            for day in selection.days {
                let slot = slots[day.dayNumber - base]
                if slot > 0 {
                    count += 1
                    if firstRefused == nil || day < firstRefused!.day { firstRefused = (day, slot) }
                }
            }
            if let firstRefused {
                let decision = denials[Int(firstRefused.slot) - 1]
                refusals.append(RevalidateRefusal(id: selection.id, line: selection.line, mode: selection.mode,
                                                  day: firstRefused.day,
                                                  reason: decision.verdict.reason ?? "\(firstRefused.day.iso) may not be selected",
                                                  policy: decision.policy, policyIndex: decision.policyIndex, refusedDays: count))
            }
        }
        return refusals
    }

    /// What a change breaks (`diff --selections`): for each day it newly denies, the ids of the
    /// stored selections holding that day, in file order; and how many selections hold one.
    public static func breaks(_ selections: [StoredSelection], newlyDenied: Set<Day>) -> (byDay: [Day: [String]], selections: Int) {
        var byDay: [Day: [String]] = [:]
        var count = 0
        for selection in selections {
            let hit = selection.range.map { range in newlyDenied.filter(range.contains) }
                ?? Set(selection.days.filter(newlyDenied.contains))
            if !hit.isEmpty { count += 1 }
            for day in hit.sorted() { byDay[day, default: []].append(selection.id) }
        }
        return (byDay, count)
    }
}
