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

    /// What a request asks: a span of days, or the next day every stack allows; or either in
    /// closed time, by the instant.
    public enum Question {
        case days(DaySpan)
        case nextCommonOpen(from: Day)
        case closedTime(ClosedTimeQuestion)
    }

    /// A question in closed time: each stack's policies in their own zones, by the instant.
    /// Asked when the request says so (`--any`, `--min-duration`, `--time-zone`, an instant to
    /// search from) or when a stack has hours or a policy with a zone of its own: there a day
    /// is not the same day in every office, and a day's decision does not say when it is open.
    public struct ClosedTimeQuestion: Sendable {
        public enum Ask: Sendable {
            case span(DaySpan)
            case next(from: Int64)
        }
        public var ask: Ask
        /// The stack zone (`--time-zone`, default UTC): where a day of the span begins and ends,
        /// and the offsets of the instants written.
        public var zone: ZoneWallTime
        public var minimum: Int64
        public var coverage: StacksTimeline.Coverage

        public init(ask: Ask, zone: ZoneWallTime, minimum: Int64 = 0, coverage: StacksTimeline.Coverage = .all) {
            (self.ask, self.zone, self.minimum, self.coverage) = (ask, zone, minimum, coverage)
        }
    }

    /// The most days one overlay shows (a year and a bit, as `/v1/days` allows).
    public static let maximumDays = 1000

    /// `--next-common-open`, or the span `--month`/`--from`/`--to` give (default: this month).
    public static func request(_ values: RequestValues, settings: DisplaySettings,
                               fallbackZone: ZoneWallTime = .utc) throws(RequestError) -> Question {
        // `--any`; over HTTP `any=true` (`any=false` is the default said aloud).
        let any = values.has(OptionCatalogue.anyStack) && values.value(OptionCatalogue.anyStack) != "false"
        let coverage: StacksTimeline.Coverage = any ? .any : .all
        let minimum = try values.value(OptionCatalogue.minDuration).map { text throws(RequestError) in
            try ValueParser.duration(text, option: OptionCatalogue.minDuration)
        }
        let zone = try StackZone.resolve(values, fallback: fallbackZone)
        let closedTime = coverage == .any || minimum != nil || values.has(OptionCatalogue.timeZone)
        if let text = values.value(OptionCatalogue.nextCommonOpen) {
            for option in [OptionCatalogue.month, OptionCatalogue.year, OptionCatalogue.week, OptionCatalogue.from,
                           OptionCatalogue.to] where values.has(option) {
                throw RequestError(OptionCatalogue.nextCommonOpen, .conflicts(with: option))
            }
            // A search from an instant (it has a time: `2026-12-24T09:00:00+01:00`), else from a day.
            if text.contains("T") {
                let instant = try InstantText.parse(text, option: OptionCatalogue.nextCommonOpen)
                return .closedTime(ClosedTimeQuestion(ask: .next(from: instant), zone: zone, minimum: minimum ?? 0,
                                                      coverage: coverage))
            }
            let day = try ValueParser.day(text, option: OptionCatalogue.nextCommonOpen)
            guard closedTime else { return .nextCommonOpen(from: day) }
            return .closedTime(ClosedTimeQuestion(ask: .next(from: zone.instant(of: day, minute: 0)), zone: zone,
                                                  minimum: minimum ?? 0, coverage: coverage))
        }
        if let text = values.value(OptionCatalogue.minDuration) {
            throw RequestError(OptionCatalogue.minDuration, value: text,
                               reason: "is the length of the window a search finds: give next-common-open too")
        }
        let span = try SpanResolver.resolve(values, settings: settings).days
        guard span.count <= maximumDays else {
            let option = values.has(OptionCatalogue.to) ? OptionCatalogue.to : OptionCatalogue.year
            throw RequestError(option, value: values.value(option) ?? "",
                               reason: "an overlay shows at most \(maximumDays) days; this span has \(span.count)")
        }
        return closedTime ? .closedTime(ClosedTimeQuestion(ask: .span(span), zone: zone, coverage: coverage)) : .days(span)
    }

    /// Whether a stack must be answered in closed time: a policy with hours, or with a zone of
    /// its own (an office's day is not UTC's).
    public static func needsClosedTime(_ stacks: [Stack]) -> Bool {
        stacks.contains { stack in stack.stack.policies.contains { $0.definesHours || $0.zone != nil } }
    }

    /// How far a search looks: `WorkdaysUseCase.searchYears` years.
    static let searchSeconds = Int64(WorkdaysUseCase.searchDays) * 86_400

    /// The instants a question in closed time looks at, in turn: a span's days in the stack
    /// zone; a search's next 31 days, then its next year, then all of `searchSeconds` (the
    /// server asks every stack for one window at a time, so a window found this month costs a
    /// month of answers).
    public static func windows(_ question: ClosedTimeQuestion) -> [(from: Int64, to: Int64)] {
        switch question.ask {
        case .span(let span):
            [(question.zone.instant(of: span.first, minute: 0), question.zone.instant(of: span.last, minute: 1440))]
        case .next(let from):
            [(from, from + 31 * 86_400), (from, from + 366 * 86_400), (from, from + searchSeconds)]
        }
    }

    /// One stack's closed runs over one of the question's windows: what a server's worker works
    /// out for its stack.
    public static func closedRuns(_ question: ClosedTimeQuestion, window: (from: Int64, to: Int64), stack: PolicyStack,
                                  context: PolicyContext) throws(RequestFailure) -> [StacksTimeline.Run] {
        let (from, to) = window
        do {
            return StacksTimeline.runs(try HoursTimeline(stack: stack, zone: question.zone, context: context)
                .closedPieces(from: from, to: to))
        } catch {
            throw RequestFailure(policyFailure: error)
        }
    }

    /// The answer from every stack's closed runs over one of the question's windows (and, for a
    /// span, the days with each stack's decision); nil when a search found nothing there and a
    /// wider window is left to look at.
    public static func combined(_ question: ClosedTimeQuestion, window: (from: Int64, to: Int64), last: Bool,
                                runs: [[StacksTimeline.Run]], days: [OverlayDay]) throws(RequestFailure) -> OverlayClosedTime? {
        let (from, to) = window
        var answer = OverlayClosedTime(zone: question.zone, coverage: question.coverage, minimum: question.minimum, days: days)
        switch question.ask {
        case .span:
            answer.commonOpen = StacksTimeline.open(closed: StacksTimeline.combine(runs, coverage: .all), from: from, to: to)
            answer.uncovered = StacksTimeline.combine(runs, coverage: .any).map { StacksTimeline.Window(start: $0.start, end: $0.end) }
        case .next:
            answer.from = from
            let open = StacksTimeline.open(closed: StacksTimeline.combine(runs, coverage: question.coverage), from: from, to: to)
            // A window reaching the edge of a narrower look may go on (or be long enough) past it.
            guard let next = StacksTimeline.first(in: open, minimum: question.minimum, horizon: to), next.end != nil || last else {
                if last { throw RequestFailure.noCommonOpen(from: question.zone.iso(from), years: WorkdaysUseCase.searchYears) }
                return nil
            }
            answer.next = next
        }
        return answer
    }

    /// The question in closed time: a span's days and windows, or the next window.
    public static func closedTime(_ question: ClosedTimeQuestion, stacks: [Stack],
                                  context: PolicyContext) throws(RequestFailure) -> OverlayClosedTime {
        let timeline = StacksTimeline(stacks: stacks.map { HoursTimeline(stack: $0.stack, zone: question.zone, context: context) })
        var answer = OverlayClosedTime(zone: question.zone, coverage: question.coverage, minimum: question.minimum)
        do {
            switch question.ask {
            case .span(let span):
                answer.days = try days(span, stacks: stacks, context: context)
                let from = question.zone.instant(of: span.first, minute: 0)
                let to = question.zone.instant(of: span.last, minute: 1440)
                answer.commonOpen = try timeline.open(from: from, to: to, coverage: .all)
                answer.uncovered = try timeline.closed(from: from, to: to, coverage: .any)
                    .map { StacksTimeline.Window(start: $0.start, end: $0.end) }
            case .next(let from):
                answer.from = from
                guard let next = try timeline.next(at: from, minimum: question.minimum, coverage: question.coverage,
                                                   limit: searchSeconds)
                else { throw RequestFailure.noCommonOpen(from: question.zone.iso(from), years: WorkdaysUseCase.searchYears) }
                answer.next = next
            }
        } catch let failure as RequestFailure {
            throw failure
        } catch {
            throw RequestFailure(policyFailure: error)
        }
        return answer
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
        let hours = needsClosedTime(stacks)
        switch question {
        case .days(let span) where hours:
            return .closedTime(try closedTime(ClosedTimeQuestion(ask: .span(span), zone: .utc), stacks: stacks, context: context))
        case .nextCommonOpen(let from) where hours:
            return .closedTime(try closedTime(ClosedTimeQuestion(ask: .next(from: ZoneWallTime.utc.instant(of: from, minute: 0)),
                                                                 zone: .utc), stacks: stacks, context: context))
        case .days(let span):
            return .days(try days(span, stacks: stacks, context: context))
        case .nextCommonOpen(let from):
            return .nextCommonOpen(from: from, day: try nextCommonOpen(from: from, stacks: stacks, context: context))
        case .closedTime(let question):
            return .closedTime(try closedTime(question, stacks: stacks, context: context))
        }
    }
}
