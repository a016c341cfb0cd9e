import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    /// `GET /v1/overlay?stacks=de,in,jp&month=...` (or `nextCommonOpen=`): the server's named
    /// stacks over one span, as `overlay --format json` prints it. Each stack is asked on a
    /// worker of its own with one of its own policy sets, one stack after another (`Step`), so a
    /// slow stack named beside a clean one holds only its own workers and sets: the clean
    /// stack's other requests never wait for it. Not cached (its key would span several versions).
    func overlay(_ query: [String: String], note: RequestNote) throws -> Outcome {
        let parameter = OptionCatalogue.stacks.parameter
        guard let list = query[parameter] else {
            throw Failure(.badRequest, message: "missing required parameter '\(parameter)'",
                          parameter: parameter)
        }
        var versions: [StackVersion] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !name.isEmpty, !versions.contains(where: { $0.name == name }) else {
                throw Failure(.badRequest,
                              message: "\(parameter): expected distinct stack names, comma-separated, not '\(list)'",
                              parameter: parameter)
            }
            guard let version = stacks.version(name) else {
                throw Failure(.unknownStack,
                              message: "no stack '\(name)'; stacks: \(stacks.names.joined(separator: ", "))", parameter: parameter)
            }
            versions.append(version)
        }
        note.stack = versions.map(\.name).joined(separator: ",")
        note.version = versions.map(\.version).joined(separator: ",")
        var values = configuration.defaults
        for option in Route.overlay.parameters + Self.displayParameters {
            if let value = query[option.parameter] { values.set(value, for: option) }
        }
        Self.addContext(query, to: &values)
        let evaluation: EvaluationOptions
        let question: OverlayUseCase.Question
        do {
            evaluation = try EvaluationOptions(values, environmentLocale: Documents.environmentLocale, today: clock.today())
            question = try OverlayUseCase.request(values, settings: evaluation.settings, fallbackZone: clock.zone ?? .utc)
        } catch {
            throw translate(.request(error))
        }
        note.today = evaluation.settings.today.iso
        note.context = evaluation.settings.decision
        if let decisions, decisions.required, !decisions.healthy {
            throw Failure(.decisionLogUnavailable,
                          message: "the decision log is not taking lines (full or failing); decisions are refused (--decision-log-required)",
                          headers: [("Retry-After", "1")])
        }
        let names = versions.map { OverlayStackName(name: $0.name, policies: $0.paths) }
        let builtIns = evaluation.builtIns
        let context = evaluation.settings.context
        let done: @Sendable (JSONValue) -> HTTPResponse = { document in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
                         body: Array(JSONWriter.write(document).utf8))
        }
        /// Stack `index`'s decisions over `span`, on a worker of that stack.
        func column(_ index: Int, _ span: DaySpan, deadline: UInt64, retire: StuckFlag) throws -> [PolicyStack.Decision] {
            try withPolicies(versions[index], deadline: deadline, retire: retire, { policies throws(RequestFailure) in
                try OverlayUseCase.column(span, stack: PolicyStack(policies + builtIns), context: context)
            }, failure: { [self] error in translate(error) })
        }
        // By the instant when asked so, or when a stack has hours or a zone of its own (as the CLI).
        let hours = versions.contains(where: \.inClosedTime)
        let closedTime: OverlayUseCase.ClosedTimeQuestion?
        switch question {
        case .closedTime(let asked): closedTime = asked
        case .days(let span) where hours: closedTime = .init(ask: .span(span), zone: .utc)
        case .nextCommonOpen(let from) where hours: closedTime = .init(ask: .next(from: ZoneWallTime.utc.instant(of: from, minute: 0)), zone: .utc)
        default: closedTime = nil
        }
        if let closedTime {
            // Each stack's closed runs over the whole window (and a span's column) on a worker of
            // that stack; combined once the last stack has answered.
            var span: DaySpan?
            if case .span(let days) = closedTime.ask { span = days }
            let question = closedTime
            let windows = OverlayUseCase.windows(question)
            /// Stack `index`'s closed runs over window `look` (and a span's decisions), on a
            /// worker of that stack.
            func stackRuns(_ index: Int, _ look: Int, deadline: UInt64,
                           retire: StuckFlag) throws -> (runs: [StacksTimeline.Run], column: [PolicyStack.Decision]) {
                try withPolicies(versions[index], deadline: deadline, retire: retire, { policies throws(RequestFailure) in
                    let stack = PolicyStack(policies + builtIns)
                    let runs = try OverlayUseCase.closedRuns(question, window: windows[look], stack: stack, context: context)
                    guard let span else { return (runs, []) }
                    return (runs, try OverlayUseCase.column(span, stack: stack, context: context))
                }, failure: { [self] error in translate(error) })
            }
            func step(_ look: Int, _ index: Int, _ runs: [[StacksTimeline.Run]], _ columns: [[PolicyStack.Decision]]) -> Step {
                Step(stack: versions[index].name) { deadline, retire in
                    let answered = try stackRuns(index, look, deadline: deadline, retire: retire)
                    let runs = runs + [answered.runs], columns = columns + [answered.column]
                    guard index + 1 == versions.count else { return .next(step(look, index + 1, runs, columns)) }
                    let days = span.map { span in
                        span.enumerated().map { offset, day in OverlayDay(day: day, decisions: columns.map { $0[offset] }) }
                    } ?? []
                    let answer: OverlayClosedTime?
                    do throws(RequestFailure) {
                        answer = try OverlayUseCase.combined(question, window: windows[look], last: look + 1 == windows.count,
                                                             runs: runs, days: days)
                    } catch {
                        throw self.translate(error)
                    }
                    guard let answer else { return .next(step(look + 1, 0, [], [])) }
                    return .answer(done(OverlayRenderer.closedTimeJSON(answer, stacks: names)))
                }
            }
            return .steps(step(0, 0, [], []))
        }
        switch question {
        case .closedTime: return .steps(Step(stack: versions[0].name) { _, _ in .answer(HTTPResponse(status: 500)) })
        case .days(let span):
            func step(_ index: Int, _ columns: [[PolicyStack.Decision]]) -> Step {
                Step(stack: versions[index].name) { deadline, retire in
                    let columns = columns + [try column(index, span, deadline: deadline, retire: retire)]
                    guard index + 1 == versions.count else { return .next(step(index + 1, columns)) }
                    let days = span.enumerated().map { offset, day in OverlayDay(day: day, decisions: columns.map { $0[offset] }) }
                    return .answer(done(OverlayRenderer.json(days, stacks: names)))
                }
            }
            return .steps(step(0, []))
        case .nextCommonOpen(let from):
            let pieces = OverlayUseCase.searchPieces(from: from)
            let none = translate(.noCommonOpen(from: from.iso, years: WorkdaysUseCase.searchYears))
            guard !pieces.isEmpty else { throw none }
            // Each piece of the search (512 days) is asked of each stack in turn; a stack that
            // allows no day of it ends the piece early.
            func step(_ piece: Int, _ index: Int, _ columns: [[PolicyStack.Decision]]) -> Step {
                Step(stack: versions[index].name) { deadline, retire in
                    let decisions = try column(index, pieces[piece], deadline: deadline, retire: retire)
                    let columns = columns + [decisions]
                    let someOpen = decisions.contains { $0.isAllowed }
                    if someOpen && index + 1 < versions.count { return .next(step(piece, index + 1, columns)) }
                    if someOpen, let day = OverlayUseCase.firstCommonOpen(pieces[piece], columns: columns) {
                        return .answer(done(OverlayRenderer.nextCommonOpenJSON(from: from, day: day, stacks: names)))
                    }
                    guard piece + 1 < pieces.count else { throw none }
                    return .next(step(piece + 1, 0, []))
                }
            }
            return .steps(step(0, 0, []))
        }
    }
}
