import CalendarCore

/// One expectation that did not hold: where, what was expected, what happened.
public struct PolicyTestFailure: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var expected: String
    public var actual: String
}

/// Checks the harness's records against the real policy stack.
struct ExpectationChecker {
    let stack: PolicyStack
    let context: PolicyContext
    let file: String
    /// The stack's zone for policies that name none (`test.zone`, default UTC), and the zone
    /// instants are shown in.
    let zone: ZoneWallTime
    /// The stack's closed time, as `gate` answers it (built once per file, cached per day).
    private let timeline: HoursTimeline

    init(stack: PolicyStack, context: PolicyContext, file: String, zone: ZoneWallTime = .utc) {
        (self.stack, self.context, self.file, self.zone) = (stack, context, file, zone)
        timeline = HoursTimeline(stack: stack, zone: zone, context: context)
    }

    /// Nil when the record holds (or is not an expectation).
    /// A failed expectation, or nil. A stopped run is not a failed expectation: it ends
    /// the whole test run (thrown).
    func check(_ record: TestRecord) throws(PolicyError) -> PolicyTestFailure? {
        do {
            return try evaluate(record)
        } catch let error as PolicyError where error.kind == .timeout {
            throw error
        } catch {
            return failure(record, expected: "no policy error", actual: "policy error: \(error)")
        }
    }

    private func failure(_ record: TestRecord, expected: String, actual: String) -> PolicyTestFailure {
        PolicyTestFailure(file: file, line: record.line, expected: expected, actual: actual)
    }

    private func day(_ record: TestRecord) -> Day? {
        record.field(0).flatMap { try? Day(iso: $0) }
    }

    private func evaluate(_ record: TestRecord) throws -> PolicyTestFailure? {
        switch record.kind {
        case "pass", "test", "policy", "today": return nil
        case "fail":
            return failure(record, expected: "\(record.field(1) ?? "?") (\(record.field(0) ?? "values differ"))",
                           actual: record.field(2) ?? "?")
        case "error":
            return failure(record, expected: "the test to run without errors",
                           actual: "error: \(record.field(0) ?? "unknown error")")
        default: break
        }
        // Tests of `cal` helpers alone need no policy; an expectation about days does.
        if stack.policies.isEmpty {
            return failure(record, expected: "test.policies { \"file.lua\" } before expectations about days",
                           actual: "expect.\(record.kind) with no policy named")
        }
        if record.kind == "select" { return try checkSelection(record) }
        if ["closed", "open", "closedBetween"].contains(record.kind) { return try checkHours(record) }
        guard let day = day(record) else {
            return failure(record, expected: "a valid date", actual: "'\(record.field(0) ?? "")'")
        }
        let iso = day.iso
        switch record.kind {
        case "denied", "notDeselectable":
            let selecting = record.kind == "denied"
            let decision = selecting ? try stack.canSelect(day, context: context)
                                     : try stack.canDeselect(day, context: context)
            let word = selecting ? "denied" : "not deselectable"
            let wanted = record.field(1)
            let expected = wanted.map { "\(iso) \(word) with a reason containing '\($0)'" } ?? "\(iso) \(word)"
            guard case .denied(let reason) = decision.verdict else {
                return failure(record, expected: expected, actual: selecting ? "selectable" : "deselectable")
            }
            if let wanted, !(reason ?? "").contains(wanted) {
                return failure(record, expected: expected, actual: "denied by \(decision.policy ?? "?"): '\(reason ?? "")'")
            }
            return nil
        case "selectable", "deselectable":
            let selecting = record.kind == "selectable"
            let decision = selecting ? try stack.canSelect(day, context: context)
                                     : try stack.canDeselect(day, context: context)
            guard case .denied(let reason) = decision.verdict else { return nil }
            return failure(record, expected: "\(iso) \(record.kind)",
                           actual: "denied by \(decision.policy ?? "?"): '\(reason ?? "")'")
        case "decoration":
            let wanted = DecorationPattern(kind: record.field(1), label: record.field(2), color: record.field(3),
                                           image: record.field(4), size: record.field(5))
            guard let found = try stack.decoration(for: day, context: context) else {
                return failure(record, expected: "\(iso) decoration \(wanted)", actual: "no decoration")
            }
            if wanted.matches(found.decoration) { return nil }
            return failure(record, expected: "\(iso) decoration \(wanted)",
                           actual: "decoration \(DecorationPattern(found.decoration)) from \(found.policy)")
        case "noDecoration":
            guard let found = try stack.decoration(for: day, context: context) else { return nil }
            return failure(record, expected: "\(iso) without decoration",
                           actual: "decoration \(DecorationPattern(found.decoration)) from \(found.policy)")
        default:
            return failure(record, expected: "a known expectation", actual: "'\(record.kind)'")
        }
    }

    /// `expect.closed`, `expect.open`, `expect.closedBetween`: the stack's closed time at
    /// instants, exactly as `gate` decides it (whole days denied by `canSelect`, `hoursFor`
    /// intervals in each policy's zone, days past a policy's data closed).
    private func checkHours(_ record: TestRecord) throws -> PolicyTestFailure? {
        var instants: [Int64] = []
        for index in 0..<(record.kind == "closedBetween" ? 2 : 1) {
            let text = record.field(index) ?? ""
            guard case .success(let instant) = ISOInstant.parse(text) else {
                return failure(record, expected: "an instant with an offset such as 2026-12-18T15:00:00+01:00",
                               actual: "'\(InputEcho.cut(text))'")
            }
            instants.append(instant)
        }
        let at = instants[0]
        switch record.kind {
        case "open":
            let state = try timeline.state(at: at)
            guard state.isClosed else { return nil }
            return failure(record, expected: "open at \(zone.iso(at))", actual: closedText(state))
        case "closed":
            let wanted = record.field(1)
            let expected = "closed at \(zone.iso(at))" + (wanted.map { " with a reason containing '\($0)'" } ?? "")
            let state = try timeline.state(at: at)
            guard state.isClosed else {
                return failure(record, expected: expected,
                               actual: "open" + (state.until.map { " until \(zone.iso($0))" } ?? ""))
            }
            if let wanted, !(state.closing?.reason ?? "").contains(wanted) { return failure(record, expected: expected, actual: closedText(state)) }
            return nil
        default: // closedBetween
            let to = instants[1]
            guard at < to else {
                return failure(record, expected: "a span whose start is before its end",
                               actual: "\(zone.iso(at)) to \(zone.iso(to))")
            }
            let wanted = record.field(2)
            let expected = "closed from \(zone.iso(at)) to \(zone.iso(to))"
                + (wanted.map { " with reasons containing '\($0)'" } ?? "")
            // The pieces must cover [at, to) without a gap, each with the reason when one is named.
            var cursor = at
            for piece in try timeline.closedPieces(from: at, to: to) {
                if piece.start > cursor { break }
                if let wanted, !(piece.reason ?? "").contains(wanted) {
                    return failure(record, expected: expected,
                                   actual: "closed at \(zone.iso(piece.start)) for '\(piece.reason ?? "")'")
                }
                cursor = max(cursor, piece.end)
            }
            if cursor >= to { return nil }
            return failure(record, expected: expected, actual: "open at \(zone.iso(cursor))")
        }
    }

    private func closedText(_ state: GateState) -> String {
        var text = "closed"
        if let closing = state.closing {
            let policy = closing.policyIndex < stack.policies.count ? stack.policies[closing.policyIndex].name : "?"
            text += " by \(policy): '\(closing.reason ?? "")'"
        }
        if let until = state.until { text += " until \(zone.iso(until))" }
        return text
    }

    private func checkSelection(_ record: TestRecord) throws -> PolicyTestFailure? {
        guard let modeName = record.field(0), let mode = SelectionMode(rawValue: modeName) else {
            let known = SelectionMode.allCases.map(\.rawValue).joined(separator: ", ")
            return failure(record, expected: "a selection mode (\(known))", actual: "'\(record.field(0) ?? "")'")
        }
        let taps = Self.days(record.field(1))
        if let problem = Self.selectionTooLarge(taps) {
            return failure(record, expected: "at most \(Self.maxSelectTaps) taps within \(Self.maxSelectYears) years "
                               + "(\(Self.maxSelectSpanDays) days)", actual: problem)
        }
        let limits = SelectionLimits(minLength: record.field(2).flatMap { Int($0) },
                                     maxLength: record.field(3).flatMap { Int($0) },
                                     maxCount: record.field(4).flatMap { Int($0) })
        let expected = Self.days(record.field(5))
        let expectedRejected = record.field(6).map { Self.days($0) }
        var controller = SelectionController(mode: mode, stack: stack, context: context, limits: limits)
        var rejected: [Day] = []
        for tap in taps where !(try controller.tap(tap)).accepted { rejected.append(tap) }
        let selection = controller.selection
        let selectionOK = selection == expected
        let rejectedOK = expectedRejected.map { $0 == rejected } ?? true
        if selectionOK && rejectedOK { return nil }
        var wanted = "\(mode.rawValue) selection \(Self.list(expected))"
        if let expectedRejected { wanted += ", rejected \(Self.list(expectedRejected))" }
        return failure(record, expected: wanted,
                       actual: "selection \(Self.list(selection)), rejected \(Self.list(rejected))")
    }

    /// `expect.select` replays taps through the real policies; a range over millennia
    /// would ask them about millions of days. Bounds, documented in docs/policy-tests.md.
    static let maxSelectTaps = 10_000
    static let maxSelectYears = 100
    static let maxSelectSpanDays = 36_525

    /// Why `taps` are past the bounds, nil when within them.
    static func selectionTooLarge(_ taps: [Day]) -> String? {
        if taps.count > maxSelectTaps { return "\(taps.count) taps" }
        guard let first = taps.min(), let last = taps.max() else { return nil }
        let span = last.dayNumber - first.dayNumber + 1
        if span > maxSelectSpanDays { return "taps from \(first.iso) to \(last.iso) (\(span) days)" }
        return nil
    }

    static func days(_ text: String?) -> [Day] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: ",").compactMap { try? Day(iso: String($0)) }
    }

    static func list(_ days: [Day]) -> String { "[" + days.map(\.iso).joined(separator: ", ") + "]" }
}

/// The decoration fields a test names; fields it leaves out match anything.
struct DecorationPattern: CustomStringConvertible {
    var kind, label, color, image, size: String?

    init(kind: String?, label: String?, color: String?, image: String?, size: String?) {
        (self.kind, self.label, self.color, self.image, self.size) = (kind, label, color, image, size)
    }

    init(_ decoration: Decoration) {
        self.init(kind: decoration.kind.rawValue, label: decoration.label, color: decoration.color,
                  image: decoration.image, size: decoration.size?.rawValue)
    }

    func matches(_ decoration: Decoration) -> Bool {
        (kind == nil || kind == decoration.kind.rawValue) && (label == nil || label == decoration.label)
            && (color == nil || color == decoration.color) && (image == nil || image == decoration.image)
            && (size == nil || size == decoration.size?.rawValue)
    }

    var description: String {
        let fields = [("kind", kind), ("label", label), ("color", color), ("image", image), ("size", size)]
            .compactMap { name, value in value.map { "\(name)='\($0)'" } }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
