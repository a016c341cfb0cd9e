import CalendarCore
import PolicyEngine
import Rendering

/// `overlay`: several stacks over one span (each day's decision per stack), or the first day at
/// or after a given one that every stack allows. The CLI's `overlay --stack de=...` and the
/// server's `GET /v1/overlay?stacks=de,in` (its named stacks) both come through here.
public enum OverlayUseCase {
    /// One stack to overlay: its name, its policies (files and built-in references, in
    /// argument order, then the built-ins) and the arguments as documents name them.
    public struct Stack: Sendable {
        public var name: String
        public var stack: PolicyStack
        public var policies: [String]

        public init(name: String, stack: PolicyStack, policies: [String]) {
            (self.name, self.stack, self.policies) = (name, stack, policies)
        }

        public var documentName: OverlayStackName { OverlayStackName(name: name, policies: policies) }
    }

    /// What a request asks: a span of days, or the next day every stack allows.
    public enum Question {
        case days(DaySpan)
        case nextCommonOpen(from: Day)
    }

    /// The most days one overlay shows (a year and a bit, as `/v1/days` allows).
    public static let maximumDays = 1000

    /// `--next-common-open`, or the span `--month`/`--from`/`--to` give (default: this month).
    public static func request(_ values: RequestValues, settings: DisplaySettings) throws(RequestError) -> Question {
        if let text = values.value(OptionCatalogue.nextCommonOpen) {
            for option in [OptionCatalogue.month, OptionCatalogue.year, OptionCatalogue.week, OptionCatalogue.from,
                           OptionCatalogue.to] where values.has(option) {
                throw RequestError(OptionCatalogue.nextCommonOpen, .conflicts(with: option))
            }
            return .nextCommonOpen(from: try ValueParser.day(text, option: OptionCatalogue.nextCommonOpen))
        }
        let span = try SpanResolver.resolve(values, settings: settings).days
        guard span.count <= maximumDays else {
            let option = values.has(OptionCatalogue.to) ? OptionCatalogue.to : OptionCatalogue.year
            throw RequestError(option, value: values.value(option) ?? "",
                               reason: "an overlay shows at most \(maximumDays) days; this span has \(span.count)")
        }
        return .days(span)
    }

    /// Each day of `span` with every stack's decision (one batch per stack over the span).
    public static func days(_ span: DaySpan, stacks: [Stack], context: PolicyContext) throws(RequestFailure) -> [OverlayDay] {
        var columns: [[PolicyStack.Decision]] = []
        do {
            for stack in stacks { columns.append(try stack.stack.canSelect(span, context: context)) }
        } catch {
            throw RequestFailure(policyFailure: error)
        }
        return span.enumerated().map { index, day in OverlayDay(day: day, decisions: columns.map { $0[index] }) }
    }

    /// The first day at or after `from` every stack allows, searched day by day (each stack's
    /// days asked in batches and kept, as `workdays` does) for at most `WorkdaysUseCase.searchYears`
    /// years; none: `RequestFailure.noCommonOpen`.
    public static func nextCommonOpen(from: Day, stacks: [Stack], context: PolicyContext) throws(RequestFailure) -> Day {
        let days = stacks.map { WorkdaysUseCase.BusinessDays(stack: $0.stack, context: context) }
        var day = from
        do {
            for _ in 0...WorkdaysUseCase.searchDays {
                guard Day.supportedRange.contains(day) else { break }
                var open = true
                for stack in days where open { open = try stack.isAllowed(day) }
                if open { return day }
                day = day.adding(days: 1)
            }
        } catch {
            throw RequestFailure(policyFailure: error)
        }
        throw .noCommonOpen(from: from.iso, years: WorkdaysUseCase.searchYears)
    }

    /// One stack's decisions over `span`: what `days` asks each stack. The server asks each
    /// stack on a worker of its own, so one stack's run never holds another's workers.
    public static func column(_ span: DaySpan, stack: PolicyStack, context: PolicyContext) throws(RequestFailure)
        -> [PolicyStack.Decision] {
        do { return try stack.canSelect(span, context: context) } catch { throw RequestFailure(policyFailure: error) }
    }

    /// The days `nextCommonOpen` searches from `from` (at most `WorkdaysUseCase.searchDays` on,
    /// within the supported range), in pieces of `WorkdaysUseCase.BusinessDays.chunk` days, in
    /// the order searched: a search stack by stack asks each stack one piece at a time.
    public static func searchPieces(from: Day) -> [DaySpan] {
        let range = Day.supportedRange
        guard range.contains(from) else { return [] }
        let last = Day(dayNumber: Swift.min(range.upperBound.dayNumber, from.dayNumber + WorkdaysUseCase.searchDays))
        var pieces: [DaySpan] = []
        var first = from
        while first <= last {
            let end = Day(dayNumber: Swift.min(last.dayNumber, first.dayNumber + WorkdaysUseCase.BusinessDays.chunk - 1))
            pieces.append(DaySpan(first, end))
            first = end.adding(days: 1)
        }
        return pieces
    }

    /// The first day of `span` every stack's column allows, or nil.
    public static func firstCommonOpen(_ span: DaySpan, columns: [[PolicyStack.Decision]]) -> Day? {
        for (index, day) in span.enumerated() where columns.allSatisfy({ $0[index].isAllowed }) { return day }
        return nil
    }

    /// The question asked of every stack: the one call of `overlay`. (`GET /v1/overlay` asks
    /// each stack on a worker of its own, a step each: `column`, `searchPieces`, `firstCommonOpen`.)
    public static func run(_ question: Question, stacks: [Stack], context: PolicyContext) throws(RequestFailure) -> OverlayAnswer {
        switch question {
        case .days(let span):
            return .days(try days(span, stacks: stacks, context: context))
        case .nextCommonOpen(let from):
            return .nextCommonOpen(from: from, day: try nextCommonOpen(from: from, stacks: stacks, context: context))
        }
    }
}
