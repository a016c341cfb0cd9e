import CalendarCore

/// calpolicy's own checks of one Lua policy, the ones luacheck cannot make because they need the
/// engine's answers: the policy is loaded and asked about every day of the coming year.
///
/// - a load refused for the policy's shape (`PolicyContract`: an unknown key of the returned
///   table or a misspelt global function, with did-you-mean; `scope` naming a key the context
///   does not have; an unknown `zone`) is a finding at its line, not a stop: it is what lint is for;
/// - `canSelect` that refuses every day of the year (the window never opens), or every day from
///   one within it to its end, `longestOpenEnded` days or more (the window never closes);
/// - `hoursFor` that closes nothing on any day of the year;
/// - a `coverage` or holiday data set that ends before the year does (a data reference past
///   its horizon);
/// - two windows of one list (`cal.windows`, a declarative file's `closed` or `weekly`) that
///   overlap with different reasons (`PolicyLint+Windows.swift`);
/// - `answersForYear` that disagrees with `canSelect`/`decorationFor` on a day
///   (`PolicyLint+YearAnswers.swift`).
///
/// Any other load failure (syntax, a runtime error at load) throws: the policy is broken.
public enum PolicyLint {
    /// Days asked: `today` and the 365 after it.
    public static let days = 366
    /// A refusal begun within the year and still on at its end is reported once it is this long:
    /// a freeze whose end was mistyped (2207 for 2027), not a weekend or a holiday at the edge.
    public static let longestOpenEnded = 60

    /// Whether luacheck reads `path`: a Lua file, not a declarative one (YAML/JSON, which the
    /// schema checks as it loads).
    public static func isLua(_ path: String) -> Bool { !DeclarativeSource.isDeclarative(path) }

    /// Asks `ask` about each day of the linted span from `today`, in order, until it answers
    /// false or throws: the policy's error when it threw one (a finding), else nil.
    static func askEachDay(from today: Day, _ ask: (Day, Int) throws -> Bool) -> PolicyError? {
        for offset in 0..<days {
            do {
                guard try ask(today.adding(days: offset), offset) else { return nil }
            } catch let error as PolicyError {
                return error
            } catch {
                return nil
            }
        }
        return nil
    }

    public static func check(path: String, source: [UInt8], today: Day,
                             options: LuaPolicyOptions = .init()) throws(PolicyError) -> [LintFinding] {
        let text = String(decoding: source, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        func finding(_ line: Int?, _ message: String) -> LintFinding {
            guard let line, line >= 1, line <= text.count else {
                return LintFinding(file: path, line: 1, column: 1, code: "calpolicy", message: message)
            }
            let indent = text[line - 1].prefix { $0 == " " || $0 == "\t" }.count
            return LintFinding(file: path, line: line, column: indent + 1, code: "calpolicy", message: message)
        }
        var options = options
        options.today = today
        let policy: LuaPolicy
        do {
            policy = try LuaPolicy(path: path, source: source, options: options)
        } catch where error.kind == .type && error.day == nil {
            return [finding(error.line, error.message)]
        }
        // Read first: the rows the policy's cal.windows calls made while it loaded.
        var findings = windowFindings(policy: policy, source: source, path: path, place: finding)
        let last = today.adding(days: days - 1)
        let context = PolicyContext(today: today)
        let span = "\(today.iso)...\(last.iso)"

        if policy.has.canSelect {
            var allowed = 0
            // The first day of the refusal that runs to the year's last day, if one does.
            var refusedSince: Int?
            let failure = askEachDay(from: today) { day, offset in
                if try policy.canSelect(day, context: context).isAllowed {
                    allowed += 1
                    refusedSince = nil
                } else if refusedSince == nil {
                    refusedSince = offset
                }
                return true
            }
            let line = policy.lines[.canSelect]
            if let failure {
                findings.append(finding(failure.line ?? line, "canSelect fails for \(failure.day?.iso ?? "a day"): \(failure.message)"))
            } else if allowed == 0 {
                findings.append(finding(line, "canSelect refuses every day of \(span): the window never opens"))
            } else if let since = refusedSince, since > 0, days - since >= longestOpenEnded {
                let start = today.adding(days: since)
                findings.append(finding(line, "canSelect refuses every day from \(start.iso) to \(last.iso) (\(days - since) days): "
                    + "the window never closes"))
            }
        }
        if policy.definesHours {
            var closes = false
            let failure = askEachDay(from: today) { day, _ in
                closes = try !policy.closedHours(for: day, context: context).isEmpty
                return !closes
            }
            let line = policy.lines[.hoursFor]
            if let failure {
                findings.append(finding(failure.line ?? line, "hoursFor fails for \(failure.day?.iso ?? "a day"): \(failure.message)"))
            } else if !closes {
                findings.append(finding(line, "hoursFor returns no closed hours on any day of \(span)"))
            }
        }
        if policy.has.decoration {
            // Asked so the holiday data it reads is known (its answers are not the point here).
            _ = try? policy.decoration(for: today, context: context)
            _ = try? policy.decoration(for: last, context: context)
        }
        findings += yearAnswerFindings(policy: policy, today: today, context: context, place: finding)
        if let horizon = policy.dataHorizon, let end = horizon.last, end < last {
            let what = horizon.source == "its coverage" ? "its coverage" : "the holiday data it reads (\(horizon.source))"
            let line = horizon.source == "its coverage" ? LuaPolicy.line(of: "coverage", in: source) : nil
            findings.append(finding(line, "\(what) ends on \(end.iso), before \(last.iso): past it the policy does not know"))
        }
        return findings
    }
}
