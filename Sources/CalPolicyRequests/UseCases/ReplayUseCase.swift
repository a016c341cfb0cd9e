import CalendarCore
import CalendarData
import Foundation
import PolicyEngine
import Rendering

/// `replay LOG POLICY...`: every gate line of a decision log (the server's `/v1/gate`, the CLI's
/// `gate --decision-log`) decided again by the policies given — the same instant, zone, today
/// and context as logged — and the answers compared field by field. Document routes are counted,
/// not replayed (their answer is a digest of a whole document); a line whose context was masked
/// is not replayable (which keys a policy reads cannot be told, so a hashed value cannot stand in).
public enum ReplayUseCase {
    /// A gate line read back: where it was, and the question and answer it holds.
    public struct Entry: Sendable {
        public var line: Int
        public var decisionId: String
        public var version: String?
        /// The bundle revision the line was decided under (`serve --bundle`), and its stack.
        public var revision: String?
        public var stack: String?
        public var question: GateUseCase.Question
        public var answer: LoggedAnswer
    }

    /// The fields of a logged gate answer `replay` compares.
    public struct LoggedAnswer: Hashable, Sendable {
        public var open: Bool?
        public var reason: String?
        public var policy: String?
        public var until: String?
        public var overrideId: String?
    }

    /// A log read: its gate lines to replay, and what is left aside.
    public struct Log: Sendable {
        public var entries: [Entry] = []
        /// Lines not replayable, each with its id and why ("masked: actor", "no answer (status 400)").
        public var notReplayable: [(line: Int, decisionId: String, reason: String)] = []
        /// Lines of document routes (`/v1/month`, …): counted, not replayed.
        public var documentLines = 0
    }

    /// Reads the log's text; blank lines are skipped, any other line that is not a decision
    /// line (not a JSON object with a `route`, or a gate line whose question cannot be read back)
    /// is a `ReplayProblem` naming it.
    public static func read(_ text: String) throws(ReplayProblem) -> Log {
        var log = Log()
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw ReplayProblem(line: number, reason: "not a JSON object")
            }
            guard let route = object["route"] as? String else {
                throw ReplayProblem(line: number, reason: "no \"route\": not a decision log line")
            }
            guard route == "/v1/gate" || route == "gate" else {
                log.documentLines += 1
                continue
            }
            let id = (object["decisionId"] as? String).map { TerminalText.escape($0) } ?? "-"
            if let masked = object["masked"] as? [String], !masked.isEmpty {
                log.notReplayable.append((number, id, "masked: " + masked.map(TerminalText.escape).joined(separator: ", ")))
                continue
            }
            guard let answer = object["answer"] as? [String: Any] else {
                let status = (object["status"] as? Int).map { " (status \($0))" } ?? ""
                log.notReplayable.append((number, id, object["answer"] == nil ? "no answer logged" : "no answer" + status))
                continue
            }
            log.entries.append(Entry(line: number, decisionId: id, version: object["version"] as? String,
                                     revision: object["revision"] as? String, stack: object["stack"] as? String,
                                     question: try question(object, line: number), answer: logged(answer)))
        }
        return log
    }

    static func question(_ object: [String: Any], line: Int) throws(ReplayProblem) -> GateUseCase.Question {
        guard let instant = object["instant"] as? [String: Any], let seconds = instant["seconds"] as? Int else {
            throw ReplayProblem(line: line, reason: "a gate line without \"instant\": {\"seconds\": …}")
        }
        guard let name = object["timeZone"] as? String else {
            throw ReplayProblem(line: line, reason: "a gate line without \"timeZone\"")
        }
        guard let zone = ZoneDatabase.zone(named: name) else {
            throw ReplayProblem(line: line, reason: "unknown time zone '\(InputEcho.cut(name))'")
        }
        guard let todayText = object["today"] as? String else {
            throw ReplayProblem(line: line, reason: "a gate line without \"today\"")
        }
        do throws(RequestError) {
            let today = try ValueParser.day(todayText, option: OptionCatalogue.today)
            var entries: [String] = []
            if let context = object["context"] as? [String: Any] {
                for key in context.keys.sorted() {
                    guard let value = context[key] as? String else {
                        throw RequestError(OptionCatalogue.context, value: key, reason: "a context value that is not a string")
                    }
                    entries.append(key + "=" + value)
                }
            }
            let decision = try ValueParser.context(entries, option: OptionCatalogue.context)
            return GateUseCase.Question(instant: Int64(seconds), zone: zone, today: today, decision: decision)
        } catch {
            throw ReplayProblem(line: line, reason: error.message(.commandLine))
        }
    }

    static func logged(_ answer: [String: Any]) -> LoggedAnswer {
        LoggedAnswer(open: answer["open"] as? Bool, reason: answer["reason"] as? String, policy: answer["policy"] as? String,
                     until: answer["until"] as? String, overrideId: (answer["override"] as? [String: Any])?["id"] as? String)
    }

    /// The answer of a state as `replay` compares it (`DecisionRecordRenderer.gateAnswer`'s fields).
    static func answer(_ state: GateState, zone: ZoneWallTime, policies: [String]) -> LoggedAnswer {
        guard case .object(let fields) = DecisionRecordRenderer.gateAnswer(state, zone: zone, policies: policies) else {
            return LoggedAnswer()
        }
        func text(_ name: String) -> String? {
            if case .string(let value)? = fields.first(where: { $0.0 == name })?.1 { return value }
            return nil
        }
        var overrideId: String?
        if case .object(let note)? = fields.first(where: { $0.0 == "override" })?.1,
           case .string(let id)? = note.first(where: { $0.0 == "id" })?.1 { overrideId = id }
        return LoggedAnswer(open: !state.isClosed, reason: text("reason"), policy: text("policy"), until: text("until"),
                            overrideId: overrideId)
    }

    /// Decides every entry of `log` again with `policies` (named `names`, in stack order; at
    /// version `version`) and compares. A policy is compared by its file name: the log's server
    /// may have named `/etc/calpolicy/freeze.lua` what the replay names `./freeze.lua`.
    public static func run(_ log: Log, policies: [any DayPolicy], names: [String], version: String,
                           overrides: [Override] = []) throws(RequestFailure) -> ReplayReport {
        let states = try GateBatchUseCase.run(log.entries.map(\.question), policies: policies, overrides: overrides)
        var report = ReplayReport(version: version)
        report.notReplayable = log.notReplayable
        report.documentLines = log.documentLines
        for (entry, state) in zip(log.entries, states) {
            report.decisions += 1
            if let logged = entry.version, logged != version { report.otherVersions.insert(logged) ; report.otherVersionLines += 1 }
            let now = answer(state, zone: entry.question.zone, policies: names)
            let was = entry.answer
            var fields: [ReplayReport.Difference] = []
            func differ(_ field: String, _ logged: String?, _ current: String?, quoted: Bool = true) {
                guard logged != current else { return }
                fields.append(.init(line: entry.line, decisionId: entry.decisionId, field: field,
                                    logged: ReplayReport.shown(logged, quoted: quoted), now: ReplayReport.shown(current, quoted: quoted)))
            }
            differ("open", was.open.map { "\($0)" }, now.open.map { "\($0)" }, quoted: false)
            differ("reason", was.reason, now.reason)
            if was.policy.map(fileName) != now.policy.map(fileName) { differ("policy", was.policy, now.policy) }
            differ("until", was.until, now.until)
            differ("override.id", was.overrideId, now.overrideId)
            if !fields.isEmpty {
                report.differing += 1
                report.differences += fields
            }
        }
        return report
    }

    /// One bundle revision's stacks, loaded, for `replay --bundle`.
    public struct Revision: Sendable {
        public var revision: String
        /// Each stack's policies, their names (as the bundle names its files) and version.
        public var stacks: [String: (policies: [any DayPolicy], names: [String], version: String)]

        public init(revision: String, stacks: [String: (policies: [any DayPolicy], names: [String], version: String)]) {
            self.revision = revision
            self.stacks = stacks
        }
    }

    /// `replay LOG --bundle FILE...`: each line decided again by the bundle of the revision it
    /// names (its logged stack, `default` when it names none); a line naming no revision, or one
    /// not given, is not replayable ("missing revision R"). One report over all of them.
    public static func run(_ log: Log, revisions: [Revision]) throws(RequestFailure) -> ReplayReport {
        var byRevision: [String: Revision] = [:]
        for revision in revisions { byRevision[revision.revision] = revision }
        var groups: [String: (revision: Revision, stack: String, entries: [Entry])] = [:]
        var order: [String] = []
        var combined = ReplayReport(version: revisions.map(\.revision).joined(separator: ","))
        combined.documentLines = log.documentLines
        combined.notReplayable = log.notReplayable
        for entry in log.entries {
            guard let name = entry.revision else {
                combined.notReplayable.append((entry.line, entry.decisionId, "no bundle revision logged"))
                continue
            }
            guard let revision = byRevision[name] else {
                combined.notReplayable.append((entry.line, entry.decisionId, "missing revision " + TerminalText.escape(name)))
                continue
            }
            let stack = entry.stack ?? "default"
            guard revision.stacks[stack] != nil else {
                combined.notReplayable.append((entry.line, entry.decisionId,
                                               "revision \(TerminalText.escape(name)) has no stack '\(TerminalText.escape(stack))'"))
                continue
            }
            let key = name + "\u{0}" + stack
            if groups[key] == nil {
                groups[key] = (revision, stack, [])
                order.append(key)
            }
            groups[key]?.entries.append(entry)
        }
        for key in order {
            guard let group = groups[key], let loaded = group.revision.stacks[group.stack] else { continue }
            var part = Log()
            part.entries = group.entries
            let report = try run(part, policies: loaded.policies, names: loaded.names, version: loaded.version)
            combined.decisions += report.decisions
            combined.differing += report.differing
            combined.differences += report.differences
        }
        return combined
    }

    static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
