import CalendarCore
import PolicyEngine
import Rendering

/// `workdays`: business days under a stack, counted as numpy's `busday_count` and
/// `busday_offset` count them, so an answer can be checked against numpy. A business day is
/// one every policy of the stack allows (`canSelect`): weekends and holidays come from the
/// policies. The CLI's `workdays` and the server's `GET /v1/business-days` come through here.
///
/// - `between FROM TO`: the business days in `[FROM, TO)`; TO before FROM gives the negative
///   count of `(TO, FROM]` (`busday_count`: FROM counts, TO does not, either way).
/// - `add FROM N`: the N-th business day after FROM (N < 0: before it). A FROM that is not a
///   business day rolls forward first for N >= 0 and backward for N < 0 (`busday_offset` with
///   `roll='forward'` / `roll='backward'`), so N = 0 gives FROM itself or the next business day.
public enum WorkdaysUseCase {
    public enum Action: String, CaseIterable, Sendable { case add, between }

    public enum Question: Equatable, Sendable {
        case add(from: Day, days: Int)
        case between(from: Day, to: Day)
    }

    /// A search for a business day gives up after this many years without one.
    public static let searchYears = 10
    static let searchDays = 3653
    /// The largest `days` a request may ask for.
    public static let maximumCount = 100_000

    /// What a request asks: `action` from the CLI's first word; the server's is inferred
    /// (`days` adds, `to` counts).
    public static func request(_ values: RequestValues, action: Action?) throws(RequestError) -> Question {
        let hasDays = values.has(OptionCatalogue.days), hasTo = values.has(OptionCatalogue.to)
        let resolved: Action
        if let action {
            resolved = action
        } else if hasDays && hasTo {
            throw RequestError(OptionCatalogue.days, .conflicts(with: OptionCatalogue.to))
        } else {
            resolved = hasTo ? .between : .add
        }
        guard let fromText = values.value(OptionCatalogue.from) else { throw RequestError(OptionCatalogue.from, .missing) }
        let from = try ValueParser.day(fromText, option: OptionCatalogue.from)
        switch resolved {
        case .add:
            if hasTo {
                throw RequestError(OptionCatalogue.to, .notApplicable([.text("applies to between, not add")]))
            }
            guard let text = values.value(OptionCatalogue.days) else { throw RequestError(OptionCatalogue.days, .missing) }
            return .add(from: from, days: try count(text))
        case .between:
            if hasDays {
                throw RequestError(OptionCatalogue.days, .notApplicable([.text("applies to add, not between")]))
            }
            guard let text = values.value(OptionCatalogue.to) else { throw RequestError(OptionCatalogue.to, .missing) }
            return try between(from: from, toText: text)
        }
    }

    /// One question of a batch: `add YYYY-MM-DD N` or `between YYYY-MM-DD YYYY-MM-DD`.
    public static func question(line: String) throws(RequestError) -> Question {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count == 3, let action = Action(rawValue: words[0]) else {
            throw RequestError(OptionCatalogue.from, value: line,
                               reason: "expected 'add YYYY-MM-DD N' or 'between YYYY-MM-DD YYYY-MM-DD'")
        }
        let from = try ValueParser.day(words[1], option: OptionCatalogue.from)
        switch action {
        case .add: return .add(from: from, days: try count(words[2]))
        case .between: return try between(from: from, toText: words[2])
        }
    }

    static func count(_ text: String) throws(RequestError) -> Int {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit), let value = Int(text),
              abs(value) <= maximumCount
        else {
            throw RequestError(OptionCatalogue.days, value: text,
                               reason: "expected an integer -\(maximumCount)...\(maximumCount)")
        }
        return value
    }

    static func between(from: Day, toText: String) throws(RequestError) -> Question {
        let to = try ValueParser.day(toText, option: OptionCatalogue.to)
        guard abs(from.distance(to: to)) <= SpanResolver.maximumDays else {
            throw RequestError(OptionCatalogue.to, value: toText,
                               reason: "must lie within \(SpanResolver.maximumDays) days (400 years) of the first day")
        }
        return .between(from: from, to: to)
    }

    /// One question asked of `policies` and the built-ins, with today and the calendar of
    /// `evaluation`: the one call of `workdays` and `GET /v1/business-days`.
    public static func run(_ question: Question, policies: [any DayPolicy],
                           evaluation: EvaluationOptions) throws(RequestFailure) -> WorkdaysAnswer {
        try answer(question, days: BusinessDays(policies: policies, evaluation: evaluation))
    }

    /// The answer from `days` (kept between the questions of a batch): the day `add` lands on,
    /// or the count `between` gives, with the question.
    public static func answer(_ question: Question, days: BusinessDays) throws(RequestFailure) -> WorkdaysAnswer {
        do {
            switch question {
            case .between(let from, let to):
                if to < from {
                    return .counted(from: from, to: to,
                                    businessDays: -(try days.count(DaySpan(to.adding(days: 1), from), excludingLast: false)))
                }
                return .counted(from: from, to: to, businessDays: try days.count(DaySpan(from, to), excludingLast: true))
            case .add(let from, let n):
                return .added(from: from, days: n, date: try days.offset(from, by: n))
            }
        } catch let failure as RequestFailure {
            throw failure
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }

    /// The stack's business days, asked in runs of `chunk` days (one `canSelect(span:)` each) and
    /// kept, so a batch of questions asks each day once.
    public final class BusinessDays {
        let stack: PolicyStack
        let context: PolicyContext
        var base = 0
        var allowed: [Bool] = []
        static let chunk = 512

        public init(stack: PolicyStack, context: PolicyContext) {
            self.stack = stack
            self.context = context
        }

        /// `policies` stacked with the built-ins of `evaluation`, asked with its context.
        public convenience init(policies: [any DayPolicy], evaluation: EvaluationOptions) {
            self.init(stack: PolicyStack(policies + evaluation.builtIns), context: evaluation.settings.context)
        }

        func isAllowed(_ day: Day) throws -> Bool {
            try load(day)
            return allowed[day.dayNumber - base]
        }

        /// Extends the kept run to hold `day` (within the supported range).
        func load(_ day: Day) throws {
            let limits = Day.supportedRange
            if allowed.isEmpty {
                let span = DaySpan(day, Swift.min(limits.upperBound, day.adding(days: Self.chunk - 1)))
                allowed = try stack.canSelect(span, context: context).map(\.isAllowed)
                base = day.dayNumber
            } else if day.dayNumber < base {
                let span = DaySpan(Swift.max(limits.lowerBound, Swift.min(day, Day(dayNumber: base - Self.chunk))),
                                   Day(dayNumber: base - 1))
                allowed = try stack.canSelect(span, context: context).map(\.isAllowed) + allowed
                base = span.first.dayNumber
            } else if day.dayNumber >= base + allowed.count {
                let first = Day(dayNumber: base + allowed.count)
                let span = DaySpan(first, Swift.min(limits.upperBound, Swift.max(day, first.adding(days: Self.chunk - 1))))
                allowed += try stack.canSelect(span, context: context).map(\.isAllowed)
            }
        }

        /// Allowed days in `span` (without its last day when `excludingLast`).
        func count(_ span: DaySpan, excludingLast: Bool) throws -> Int {
            if excludingLast && span.first == span.last { return 0 }
            let last = excludingLast ? span.last.adding(days: -1) : span.last
            try load(span.first)
            try load(last)
            let start = span.first.dayNumber - base
            return allowed[start...(last.dayNumber - base)].reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        /// `busday_offset`: roll forward (n >= 0) or backward (n < 0) to a business day, then
        /// move |n| business days that way.
        func offset(_ from: Day, by n: Int) throws -> Day {
            let step = n < 0 ? -1 : 1
            var day = try next(from, step: step, origin: from)
            for _ in 0..<abs(n) {
                day = try next(day.adding(days: step), step: step, origin: from)
            }
            return day
        }

        /// The first business day at or after `day` (`step` 1) or at or before it (-1), given up
        /// on after `searchYears` years without one or at the end of the supported range.
        func next(_ day: Day, step: Int, origin: Day) throws -> Day {
            var day = day
            var searched = 0
            while true {
                guard Day.supportedRange.contains(day), searched <= WorkdaysUseCase.searchDays else {
                    throw RequestFailure.noBusinessDay(from: origin.iso, years: WorkdaysUseCase.searchYears)
                }
                if try isAllowed(day) { return day }
                day = day.adding(days: step)
                searched += 1
            }
        }
    }
}
