import CalendarCore

/// One `select` question, face-independent: the CLI's `select` and the server's
/// `POST /v1/select` both build it, run it here and print the same bytes.
public struct SelectRequest: Sendable {
    public var mode: SelectionMode
    /// Where the picker stands; re-checked day by day, never trusted.
    public var selection: [Day]
    public var pending: Day?
    public var taps: [Day]
    public var rangeRule: RangeRule
    public var limits: SelectionLimits

    public init(mode: SelectionMode, selection: [Day] = [], pending: Day? = nil, taps: [Day],
                rangeRule: RangeRule = .reject, limits: SelectionLimits = .init()) {
        (self.mode, self.selection, self.pending, self.taps) = (mode, selection, pending, taps)
        (self.rangeRule, self.limits) = (rangeRule, limits)
    }
}

/// The replay of a `SelectRequest` under a policy stack.
public struct SelectOutcome: Sendable {
    public var mode: SelectionMode
    public var selection: [Day]
    public var pending: Day?
    public var taps: [TapResult]
    /// The stack's policies as documents name them (paths as given, tidied), by position;
    /// a refusal from a position past them (a built-in rule) keeps its name.
    public var policies: [String] = []

    public var allAccepted: Bool { taps.allSatisfy(\.accepted) }
    /// JSON names the refusing policy by its path, as `eval --format json` does; text by its name.
    public var json: String {
        let named = taps.map { tap -> TapResult in
            var tap = tap
            if let index = tap.policyIndex, policies.indices.contains(index) { tap.policy = policies[index] }
            return tap
        }
        return SelectRenderer.json(mode: mode, selection: selection, pending: pending, taps: named)
    }
    public var text: String { SelectRenderer.text(mode: mode, selection: selection, pending: pending, taps: taps) }
}

public enum SelectReplay {
    /// Restores the supplied state (every day asked with `canSelect`), then replays the taps.
    /// Throws `SelectionController.StateRefusal` when the supplied state is refused, and
    /// policy errors as they come.
    public static func run(_ request: SelectRequest, stack: PolicyStack, context: PolicyContext,
                           firstWeekday: Int, policies: [String] = []) throws -> SelectOutcome {
        var controller = SelectionController(mode: request.mode, stack: stack, context: context,
                                             limits: request.limits, firstWeekday: firstWeekday,
                                             rangeRule: request.rangeRule)
        if !request.selection.isEmpty || request.pending != nil {
            if let refusal = try controller.restore(selection: request.selection, pending: request.pending) {
                throw refusal
            }
        }
        var results: [TapResult] = []
        for day in request.taps { results.append(try controller.tap(day)) }
        return SelectOutcome(mode: request.mode, selection: controller.selection, pending: controller.pending,
                             taps: results, policies: policies)
    }

    /// One line for a refused state: `2026-12-25 may not be selected: Christmas Day (us.lua)`.
    public static func describe(_ refusal: SelectionController.StateRefusal) -> String {
        guard let day = refusal.day else { return refusal.reason }
        var line = "\(day.iso) may not be selected: \(refusal.reason)"
        if let policy = refusal.policy { line += " (\(policy))" }
        return line
    }
}
