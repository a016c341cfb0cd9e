import CalendarCore

/// The overrides folder held against a stack for CI (`override check`): every file must read,
/// pass `OverrideReview`, not have expired while still present, and be able to apply at all —
/// some policy of the stack it lifts, whose scope it can meet, closed somewhere in its window.
/// An override that can never open anything is a reviewed file that does nothing: a typo in a
/// policy name or a scope key, or a window in the wrong month.
public enum OverrideAudit {
    /// One file's outcome: its override when it read, and its first problem (nil: good).
    public struct Outcome: Sendable {
        public var file: String
        public var override: Override?
        public var problem: OverrideProblem?
    }

    /// A policy's closed time is looked for this many seconds at a time, so a long window with
    /// closed time early stops early.
    static let step: Int64 = 31 * 86_400

    /// Every entry of the folder, in its order.
    public static func run(_ entries: [OverrideFolder.Entry], policies: [any DayPolicy], at instant: Int64,
                           today: Day) throws(RequestFailure) -> [Outcome] {
        var outcomes: [Outcome] = []
        for entry in entries {
            switch entry {
            case .refused(let problem):
                outcomes.append(Outcome(file: problem.file, override: nil, problem: problem))
            case .loaded(let override, let file):
                outcomes.append(Outcome(file: file, override: override,
                                        problem: try problem(override, file: file, policies: policies, at: instant, today: today)))
            }
        }
        return outcomes
    }

    /// The first problem of one override read from `file`, nil when it is good.
    public static func problem(_ override: Override, file: String, policies: [any DayPolicy], at instant: Int64,
                               today: Day) throws(RequestFailure) -> OverrideProblem? {
        do {
            try OverrideReview.check(override, file: file, policies: policies)
        } catch {
            return error
        }
        if override.end <= instant {
            let ended = override.end < override.until
            return OverrideProblem(file: file, field: ended ? "endedAt" : "until",
                                   (ended ? "ended" : "expired") + " at \(ZoneWallTime.utc.iso(override.end)); remove the file")
        }
        if let why = try neverApplicable(override, policies: policies, today: today) {
            return OverrideProblem(file: file, "never applicable: " + why)
        }
        return nil
    }

    /// Why `override` can never open anything in this stack, nil when it can: no policy is
    /// both lifted by it and compatible with its scope, or none of those is closed in
    /// `[from, until)`. Its scope is met by a context of its exact (non-glob) values — the
    /// first of each key, then each other value of a key in turn — and a policy is compatible
    /// when one of those contexts is not outside the policy's scope. Closed time is the
    /// policy's alone (`HoursTimeline` without overrides), as it would be for that context.
    public static func neverApplicable(_ override: Override, policies: [any DayPolicy],
                                       today: Day) throws(RequestFailure) -> String? {
        let lifted = policies.filter { override.lifts($0) }
        guard !lifted.isEmpty else {
            let named = policies.filter { override.names($0.name) }
            if named.isEmpty {
                return "names no policy of the stack (policies: \(override.policies.joined(separator: ", ")); "
                    + "the stack: \(policies.map(\.name).joined(separator: ", ")))"
            }
            return "lifts no policy of the stack: \(named.map(\.name).joined(separator: ", ")) "
                + (named.count == 1 ? "is a hard freeze" : "are hard freezes") + " (overridable = false)"
        }
        let candidates = contexts(override.scope)
        var outside: [String] = []
        var compatible: [(policy: any DayPolicy, context: DecisionContext)] = []
        for policy in lifted {
            if let context = candidates.first(where: { policy.scope?.isOutside($0) != true }) {
                compatible.append((policy, context))
            } else {
                outside.append(policy.name + (policy.scope?.outside(candidates[0]).map { ": " + $0 } ?? ""))
            }
        }
        guard !compatible.isEmpty else {
            return "its scope is outside every policy it lifts (\(outside.joined(separator: "; ")))"
        }
        for (policy, context) in compatible {
            let timeline = HoursTimeline(stack: PolicyStack([policy]), zone: .utc,
                                         context: PolicyContext(today: today, decision: context))
            var start = override.from
            while start < override.until {
                let end = min(override.until, start + step)
                let pieces: [ClosedSpan]
                do { pieces = try timeline.closedPieces(from: start, to: end) } catch { throw RequestFailure(policyFailure: error) }
                if !pieces.isEmpty { return nil }
                start = end
            }
        }
        return "no policy it lifts is closed between \(ZoneWallTime.utc.iso(override.from)) and "
            + "\(ZoneWallTime.utc.iso(override.until)) (\(compatible.map(\.policy.name).joined(separator: ", ")))"
    }

    /// The contexts standing for the questions `scope` covers, at most `maxContexts`: the first
    /// exact value of each key of `include`, then each other exact value of a key in turn.
    static let maxContexts = 32
    static func contexts(_ scope: DecisionScope) -> [DecisionContext] {
        let exact = scope.include.keys.sorted().compactMap { key -> (String, [String])? in
            let values = (scope.include[key] ?? []).filter { !$0.contains("*") }
            return values.isEmpty ? nil : (key, values)
        }
        var base = DecisionContext()
        for (key, values) in exact { try? base.set(key, values[0]) }
        var all = [base]
        for (key, values) in exact {
            for value in values.dropFirst() where all.count < maxContexts {
                var context = base
                try? context.set(key, value)
                all.append(context)
            }
        }
        return all
    }
}
