import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    /// `GET /v1/overlay?stacks=de,in,jp&month=...` (or `nextCommonOpen=`): the server's named
    /// stacks over one span, as `overlay --format json` prints it. Run by a worker of the first
    /// stack named, with one policy set of each stack leased; not cached (its key would span
    /// several versions).
    func overlay(_ query: [String: String], note: RequestNote) throws -> Outcome {
        let parameter = OptionCatalogue.stacks.parameter
        guard let list = query[parameter] else {
            throw Failure(status: 400, code: "bad_request", message: "missing required parameter '\(parameter)'",
                          parameter: parameter)
        }
        var versions: [StackVersion] = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !name.isEmpty, !versions.contains(where: { $0.name == name }) else {
                throw Failure(status: 400, code: "bad_request",
                              message: "\(parameter): expected distinct stack names, comma-separated, not '\(list)'",
                              parameter: parameter)
            }
            guard let version = stacks.version(name) else {
                throw Failure(status: 404, code: "unknown_stack",
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
        let evaluation: EvaluationOptions
        let question: OverlayUseCase.Question
        do {
            evaluation = try EvaluationOptions(values, environmentLocale: Documents.environmentLocale, today: clock.today())
            question = try OverlayUseCase.request(values, settings: evaluation.settings)
        } catch {
            throw translate(.request(error))
        }
        note.today = evaluation.settings.today.iso
        if let decisions, decisions.required, !decisions.sink.healthy {
            throw Failure(status: 503, code: "decision_log_unavailable",
                          message: "the decision log is not taking lines (full or failing); decisions are refused (--decision-log-required)",
                          headers: [("Retry-After", "1")])
        }
        let worker = versions[0].name
        return .queued(stack: worker) { [self] deadline, retire in
            let body = try withPolicies(versions, worker: worker, deadline: deadline, retire: retire, { sets throws(RequestFailure) in
                let stacks = zip(versions, sets).map { version, policies in
                    OverlayUseCase.Stack(name: version.name, stack: PolicyStack(policies + evaluation.builtIns),
                                         policies: version.paths)
                }
                let document = try OverlayUseCase.json(question, stacks: stacks, context: evaluation.settings.context)
                return Array(JSONWriter.write(document).utf8)
            }, failure: { error in translate(error) })
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")],
                                body: body)
        }
    }
}
