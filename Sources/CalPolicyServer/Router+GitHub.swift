import CalendarCore
import CalPolicyRequests
import Crypto
import Foundation
import MHDHost
import PolicyEngine
import Rendering

extension Router {
    /// `POST /v1/github/deployment-protection-rule` (docs/github.md): a `deployment_protection_rule`
    /// delivery. The signature is checked before anything of the body is read (missing or wrong:
    /// 401, logged, never decided); a delivery seen before is acknowledged and not decided again;
    /// a new one is recorded in the state folder and answered 202 at once, then decided and
    /// called back on the rule's own thread.
    func githubDelivery(_ request: HTTPRequest, note: RequestNote) throws -> HTTPResponse {
        guard let github else {
            throw Failure(.notFound, message: "no route \(request.path): the GitHub rule is off (--github-app-id)")
        }
        if request.bodyTooLarge {
            throw Failure(.payloadTooLarge, message: "the delivery is larger than \(GitHubSettings.maxBody) bytes; refused unread")
        }
        guard let signature = request.header("x-hub-signature-256"),
              HMACSHA256.verifyHeader(signature, body: request.body, secret: github.secret) else {
            throw Failure(.unauthorized, message: "missing or wrong X-Hub-Signature-256; the delivery is not decided")
        }
        guard let delivery = request.header("x-github-delivery"), GitHubDeploymentStore.isDeliveryID(delivery) else {
            throw Failure(.badRequest, message: "X-GitHub-Delivery must be the delivery's id (1 to 64 of A-Z a-z 0-9 -)")
        }
        let event = request.header("x-github-event") ?? ""
        if event == "ping" { return Self.json(200, "{\"status\":\"pong\"}\n") }
        guard event == "deployment_protection_rule" else {
            throw Failure(.badRequest, message: "X-GitHub-Event '\(TerminalText.escape(String(event.prefix(64))))' is not decided; subscribe the app to deployment_protection_rule only")
        }
        let parsed: DeploymentProtectionEvent
        do { parsed = try DeploymentProtectionEvent.read(request.body, api: github.api) } catch {
            if case .ignoredAction = error { return Self.json(202, "{\"status\":\"ignored\"}\n") }
            throw Failure(.badRequest, message: "delivery \(delivery): \(error.message)")
        }
        let entry = github.mapping.entry(repository: parsed.repository, environment: parsed.environment)
        var context = DecisionContext()
        var entries = entry.context
        entries["environment"] = parsed.environment
        entries["action"] = "deploy"
        if let actor = parsed.actor, !actor.isEmpty { entries["actor"] = actor }
        do {
            for key in entries.keys.sorted() { try context.set(key, entries[key]!) }
        } catch {
            throw Failure(.badRequest, message: "delivery \(delivery): \(error.reason)")
        }
        let stack = entry.stack ?? stacks.defaultName
        note.stack = stack
        let record = GitHubDeployment(delivery: delivery, received: now(), environment: parsed.environment,
                                      callbackURL: parsed.callbackURL, installation: parsed.installation,
                                      repository: parsed.repository, stack: stack, context: entries)
        let claimed: Bool
        do { claimed = try github.deployments.store.claim(record) } catch {
            throw Failure(.internalError, message: "the delivery cannot be recorded in --state-dir: \(error)")
        }
        guard claimed else {
            return Self.json(200, "{\"delivery\":\"\(delivery)\",\"status\":\"duplicate\"}\n")
        }
        github.deployments.received(record)
        return Self.json(202, "{\"delivery\":\"\(delivery)\",\"status\":\"accepted\"}\n")
    }

    /// The gate for a waiting deployment, now, on a worker of its stack: open, or closed with
    /// why, until when and whether by a hard freeze. Every standing override covering its context
    /// applies (a break-glass posted for it opens it).
    func decideGitHub(_ deployment: GitHubDeployment, completion: @escaping @Sendable (GitHubGateOutcome) -> Void) {
        guard let version = stacks.version(deployment.stack) else {
            completion(.failed("no stack '\(deployment.stack)'"))
            return
        }
        var context = DecisionContext()
        for key in deployment.context.keys.sorted() { try? context.set(key, deployment.context[key]!) }
        let zone = clock.zone ?? .utc
        let question = GateUseCase.Question(instant: now(), zone: zone, today: configuration.fixedToday, decision: context)
        let standing = overrides.map { OverrideReview.load($0.snapshot.entries, policies: version.overridable).overrides } ?? []
        let builtIns: [any DayPolicy]
        do { builtIns = try BuiltInPolicies.resolve(configuration.defaults) } catch {
            completion(.failed("the server's defaults: \(error)"))
            return
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(configuration.timeout * 1e9)
        queues.submit(version.name, StackQueues.Job(deadline: deadline, run: { [self] in
            let retire = StuckFlag()
            do {
                let state = try withPolicies(version, deadline: deadline, retire: retire) { policies throws(RequestFailure) in
                    try GateUseCase.run(question, policies: policies + builtIns, overrides: standing)
                } failure: { translate($0) }
                if state.isClosed {
                    let index = state.closing?.policyIndex ?? -1
                    let policy = version.overridable.indices.contains(index) ? version.overridable[index] : nil
                    completion(.closed(reason: state.closing?.reason ?? policy?.name ?? "closed time", until: state.until,
                                       hard: policy?.overridable.isHardFreeze ?? false, zone: zone))
                } else {
                    completion(.open)
                }
            } catch let failure as Failure {
                completion(.failed(failure.message))
            } catch {
                completion(.failed("\(error)"))
            }
            return retire.isSet
        }, refuse: { refusal in completion(.failed("the stack's queue refused it (\(refusal))")) }))
    }
}
