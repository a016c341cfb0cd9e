/// A stack's closed time as instants: each policy's closed intervals turned into instants in
/// its own zone, then closed where any policy is closed, the first closing policy (in stack
/// order) giving the reason. Answers "open or closed at t, and until when" (looking ahead at
/// most `lookAhead`), and the closed pieces of any span (what `eval` lists per day).
///
/// Each policy is asked once per day (cached): a day's wall clock `[00:00, 24:00)` covers
/// exactly the instants from that day's midnight to the next day's, so an instant needs only
/// the day holding it in each policy's zone. Not thread-safe (the cache); one per request.
public final class HoursTimeline {
    /// One policy of the stack, as hours: its zone and its day's closed intervals.
    public struct Layer {
        public var wall: ZoneWallTime
        public var closed: (Day) throws -> [ClosedHours]
        /// Who the layer is (for an override's answer): its name and how it may be lifted.
        public var name: String
        public var rule: OverrideRule
        /// The overrides that lift it for the question (its closed time in their windows is open).
        public var lifted: [Override]

        public init(wall: ZoneWallTime, name: String = "", rule: OverrideRule = .open,
                    lifted: [Override] = [], closed: @escaping (Day) throws -> [ClosedHours]) {
            (self.wall, self.closed, self.name, self.rule, self.lifted) = (wall, closed, name, rule, lifted)
        }
    }

    public let layers: [Layer]
    /// The overrides covering the question that name a layer, by id: what an answer reports.
    public let overrides: [Override]
    /// A year and a day: "closed until" is never looked for further.
    public static let lookAhead: Int64 = 366 * 86_400
    private struct Key: Hashable { var layer: Int, day: Int }
    /// A layer's day, before and after its overrides' windows are cut out.
    private var cache: [Key: (raw: [ClosedSpan], lifted: [ClosedSpan])] = [:]

    public init(layers: [Layer], overrides: [Override] = []) {
        self.layers = layers
        self.overrides = overrides.sorted { $0.id < $1.id }
    }

    /// The stack's layers: a policy's zone is its own (`DayPolicy.zone`) or `zone`; a day its
    /// `canSelect` denies is closed all day; else its `hoursFor` intervals. A day outside the
    /// policy's `dataHorizon` (its coverage, or the holiday data it read, which a call may only
    /// now have read, or failed on) is closed all day, naming the policy and where its data ends.
    ///
    /// An override covering the context (`Override.applies`) cuts its `[from, end)` out of the
    /// closed time of every policy it lifts (named, not a hard freeze), except a day past the
    /// policy's data: an override lifts a freeze, not what the policy does not know.
    public convenience init(stack: PolicyStack, zone: ZoneWallTime, context: PolicyContext) {
        let covering = context.overrides.filter { $0.applies(to: context.decision) }
        let layers = stack.policies.map { policy -> Layer in
            let definesHours = policy.definesHours
            let rule = policy.overridable
            let lifted = covering.filter { $0.lifts(policy) }
            // Outside its scope a policy has no opinion, not even where its data ends.
            if let scope = policy.scope, scope.isOutside(context.decision) {
                return Layer(wall: policy.zone ?? zone, name: policy.name, rule: rule) { _ in [] }
            }
            func pastData(_ day: Day) -> [ClosedHours]? {
                guard let horizon = policy.dataHorizon, !horizon.covers(day) else { return nil }
                return [.pastData(reason: horizon.reason(policy: policy.name, day: day))]
            }
            return Layer(wall: policy.zone ?? zone, name: policy.name, rule: rule, lifted: lifted) { day in
                if let closed = pastData(day) { return closed }
                do {
                    let verdict = try policy.canSelect(day, context: context)
                    if let closed = pastData(day) { return closed }
                    if !verdict.isAllowed { return [.allDay(reason: verdict.reason)] }
                    guard definesHours else { return [] }
                    let hours = try policy.closedHours(for: day, context: context)
                    return pastData(day) ?? hours
                } catch {
                    if let closed = pastData(day) { return closed }
                    throw error
                }
            }
        }
        let named = covering.filter { override in stack.policies.contains { override.names($0.name) } }
        self.init(layers: layers, overrides: named)
    }

    /// A layer's closed spans of one of its days, as instants (cached), its overrides' windows
    /// cut out unless `raw`.
    private func spans(layer: Int, day: Day, raw: Bool = false) throws -> [ClosedSpan] {
        let key = Key(layer: layer, day: day.dayNumber)
        if let known = cache[key] { return raw ? known.raw : known.lifted }
        let wall = layers[layer].wall
        // Every instant whose wall time the interval names (a wall time in a DST gap closes from
        // the transition; a repeated hour closes at both occurrences): closed time is never dropped.
        let spans = try layers[layer].closed(day).flatMap { hours -> [ClosedSpan] in
            wall.spans(of: day, from: hours.from, to: hours.to).map {
                ClosedSpan(start: $0.start, end: $0.end, reason: hours.reason, policyIndex: layer, isPastData: hours.isPastData)
            }
        }
        let lifted = ClosedSpan.subtracting(layers[layer].lifted.map { ($0.from, $0.end) }, from: spans)
        cache[key] = (spans, lifted)
        return raw ? spans : lifted
    }

    /// Every layer's spans that overlap `[from, to)`, in layer order, each layer's in its order.
    private func overlapping(_ from: Int64, _ to: Int64) throws -> [ClosedSpan] {
        var found: [ClosedSpan] = []
        for (index, layer) in layers.enumerated() {
            let first = layer.wall.day(of: from).dayNumber - 1, last = layer.wall.day(of: to).dayNumber + 1
            for dayNumber in first...last {
                for span in try spans(layer: index, day: Day(dayNumber: dayNumber))
                where span.end > from && span.start < to { found.append(span) }
            }
        }
        return found
    }

    /// The closed time in `[from, to)`: pieces clipped to the span, each attributed to the first
    /// layer closed there, adjacent pieces of the same layer and reason merged.
    public func closedPieces(from: Int64, to: Int64) throws -> [ClosedSpan] {
        guard from < to else { return [] }
        let spans = try overlapping(from, to)
        var cuts = Set<Int64>([from, to])
        for span in spans {
            if span.start > from && span.start < to { cuts.insert(span.start) }
            if span.end > from && span.end < to { cuts.insert(span.end) }
        }
        let sorted = cuts.sorted()
        var pieces: [ClosedSpan] = []
        for index in 0..<(sorted.count - 1) {
            let start = sorted[index], end = sorted[index + 1]
            guard let owner = spans.first(where: { $0.contains(start) }) else { continue }
            if var last = pieces.last, last.end == start, last.policyIndex == owner.policyIndex,
               last.reason == owner.reason {
                last.end = end
                pieces[pieces.count - 1] = last
            } else {
                pieces.append(ClosedSpan(start: start, end: end, reason: owner.reason, policyIndex: owner.policyIndex,
                                         isPastData: owner.isPastData))
            }
        }
        return pieces
    }

    /// Open or closed at `instant`, and until when, with the override active for the question
    /// there (if any) and whether it opened the answer.
    public func state(at instant: Int64) throws -> GateState {
        var state = try liftedState(at: instant)
        state.override = try overrideNote(at: instant, state: state)
        return state
    }

    /// The override to report at `instant`: of those active there, the first (by id) that lifts
    /// a layer closed there without it, else the first. `applied` when the answer is open and
    /// would be closed without it; else why not: the closing policy is a hard freeze or is not
    /// named, or the stack is open anyway.
    private func overrideNote(at instant: Int64, state: GateState) throws -> OverrideNote? {
        let active = overrides.filter { $0.isActive(at: instant) }
        guard let first = active.first else { return nil }
        var rawClosed: [Int] = []
        for (index, layer) in layers.enumerated() {
            let day = layer.wall.day(of: instant)
            if try spans(layer: index, day: day, raw: true).contains(where: { $0.contains(instant) }) {
                rawClosed.append(index)
            }
        }
        let lifting = active.first { override in
            rawClosed.contains { index in layers[index].lifted.contains { $0.id == override.id } }
        }
        if !state.isClosed {
            guard let lifting else { return OverrideNote(override: first, applied: false, why: "open without it") }
            return OverrideNote(override: lifting, applied: true)
        }
        let chosen = lifting ?? first
        guard let closing = state.closing else { return OverrideNote(override: chosen, applied: false, why: "closed") }
        let layer = layers[closing.policyIndex]
        if layer.rule.isHardFreeze { return OverrideNote(override: chosen, applied: false, why: "hard freeze") }
        if closing.isPastData { return OverrideNote(override: chosen, applied: false, why: "past the data of " + layer.name) }
        return OverrideNote(override: chosen, applied: false, why: "does not lift " + layer.name)
    }

    /// Open or closed at `instant`, and until when, under the overrides.
    private func liftedState(at instant: Int64) throws -> GateState {
        let limit = instant + HoursTimeline.lookAhead
        var windowStart = instant, width: Int64 = 2 * 86_400
        var closing: ClosedSpan?
        var cursor = instant // closed: the end of the closed run so far
        var isClosed: Bool?
        while windowStart < limit {
            let windowEnd = min(windowStart + width, limit)
            let pieces = try closedPieces(from: windowStart, to: windowEnd)
            if isClosed == nil {
                closing = pieces.first.flatMap { $0.start == instant ? $0 : nil }
                isClosed = closing != nil
            }
            if isClosed == true {
                for piece in pieces where piece.start <= cursor && piece.end > cursor { cursor = piece.end }
                if cursor < windowEnd {
                    return GateState(instant: instant, isClosed: true, closing: closing, until: cursor)
                }
            } else if let next = pieces.first {
                return GateState(instant: instant, isClosed: false, closing: nil, until: next.start)
            }
            windowStart = windowEnd
            width *= 4
        }
        return GateState(instant: instant, isClosed: isClosed ?? false, closing: closing, until: nil)
    }
}
