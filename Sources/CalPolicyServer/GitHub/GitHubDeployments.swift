import CalendarCore
import CalendarData
import Foundation
import Rendering

/// The deployments the rule is answering: each decided, then approved or rejected through the
/// app, or reported as waiting and woken when its window opens (one timer for all, at the
/// earliest instant any of them waits for; no polling). Decisions and sends run one at a time
/// on `queue`, so a record is never decided twice at once; the policies run on the stack's
/// workers (`decide`). Re-decided when policies or overrides change (`redecideAll`), and taken
/// up again from their files after a restart.
final class GitHubDeployments: @unchecked Sendable {
    typealias Decide = @Sendable (GitHubDeployment, @escaping @Sendable (GitHubGateOutcome) -> Void) -> Void

    let store: GitHubDeploymentStore
    let app: GitHubApp
    let maxWait: Int64
    let metrics: Metrics
    private let decide: Decide
    private let clock: @Sendable () -> Int64
    private let queue = DispatchQueue(label: "calpolicy.github")
    private let condition = NSCondition()
    /// Delivery → the instant it is looked at again.
    private var wakeups: [String: Int64] = [:]
    private var running = true

    /// GitHub keeps at most this many status reports per deployment.
    static let maxReports = 10
    /// When the policies cannot answer, or a send gave up for now: asked again this much later.
    static let retrySeconds: Int64 = 30

    init(store: GitHubDeploymentStore, app: GitHubApp, maxWait: Int64, metrics: Metrics, decide: @escaping Decide,
         clock: @escaping @Sendable () -> Int64 = { Clock().now() }) {
        (self.store, self.app, self.maxWait, self.metrics, self.decide, self.clock) = (store, app, maxWait, metrics, decide, clock)
    }

    /// Starts the timer and takes up every unfinished record.
    func start() {
        Thread.detachNewThread { [self] in timerLoop() }
        let records = store.all(now: clock())
        metrics.githubPending(records.filter { !$0.isFinished }.count)
        for record in records where !record.isFinished { process(record.delivery) }
    }

    func stop() {
        condition.withLock {
            running = false
            condition.signal()
        }
    }

    /// A new deployment, already claimed in the store.
    func received(_ deployment: GitHubDeployment) {
        metrics.githubPendingChanged(+1)
        process(deployment.delivery)
    }

    /// Policies or overrides changed: every deployment still waiting is asked again.
    func redecideAll() {
        for record in store.all(now: clock()) where !record.isFinished && record.state == nil { process(record.delivery) }
    }

    // MARK: one deployment

    private func process(_ delivery: String) {
        queue.async { [self] in
            guard let record = store.load(delivery), !record.isFinished else { return }
            if record.state != nil {
                deliver(record)
                return
            }
            decide(record) { [self] outcome in
                queue.async { [self] in apply(outcome, to: delivery) }
            }
        }
    }

    private func apply(_ outcome: GitHubGateOutcome, to delivery: String) {
        guard var record = store.load(delivery), !record.isFinished, record.state == nil else { return }
        let now = clock()
        let action = record.context["action"] ?? "deploy"
        switch outcome {
        case .open:
            record.state = .approved
            record.comment = GitHubDeploymentReview.approved(action: action, environment: record.environment, stack: record.stack,
                                                             afterWaiting: record.reported == nil ? nil : "the freeze")
        case .closed(let reason, let until, let hard, let zone):
            if until == nil || (hard && until! - now > maxWait) {
                record.state = .rejected
                record.comment = GitHubDeploymentReview.rejected(reason: reason, until: until, zone: zone, hard: hard,
                                                                 maxWait: Self.duration(maxWait))
            } else {
                let comment = GitHubDeploymentReview.waiting(reason: reason, until: until!, zone: zone)
                if comment != record.reported && record.reports < Self.maxReports {
                    report(&record, comment)
                }
                save(record)
                wake(delivery, at: until!)
                return
            }
        case .failed(let why):
            ServerEvent.log("github", "calpolicy-serve: github: delivery \(delivery): the policies could not decide (\(why)); asked again in \(Self.retrySeconds) s",
                            [("delivery", .string(delivery))])
            wake(delivery, at: now + Self.retrySeconds)
            return
        }
        // The decision is on disk before it is sent: a retry or a restart sends this one again.
        guard save(record) else { return }
        deliver(record)
    }

    /// A status report (no state): the developer sees why the job waits.
    private func report(_ record: inout GitHubDeployment, _ comment: String) {
        let body = GitHubDeploymentReview.body(environment: record.environment, state: nil, comment: comment)
        do {
            try app.review(record.callbackURL, installation: record.installation, body: body)
            record.reported = comment
            record.reports += 1
            ServerEvent.log("github", "calpolicy-serve: github: delivery \(record.delivery): waiting: \(comment)",
                            [("delivery", .string(record.delivery)), ("repository", .string(record.repository)),
                             ("environment", .string(record.environment))])
        } catch {
            metrics.githubCallbackFailed()
            ServerEvent.log("github", "calpolicy-serve: github: delivery \(record.delivery): status report not sent: \(error.message)",
                            [("delivery", .string(record.delivery))])
        }
    }

    private func deliver(_ record: GitHubDeployment) {
        guard let state = record.state, let comment = record.comment else { return }
        var record = record
        let body = GitHubDeploymentReview.body(environment: record.environment, state: state, comment: comment)
        do {
            try app.review(record.callbackURL, installation: record.installation, body: body)
            record.sent = true
            state == .approved ? metrics.githubApproved() : metrics.githubRejected()
            metrics.githubPendingChanged(-1)
            ServerEvent.log("github", "calpolicy-serve: github: delivery \(record.delivery): \(state.rawValue): \(comment)",
                            [("delivery", .string(record.delivery)), ("repository", .string(record.repository)),
                             ("environment", .string(record.environment)), ("state", .string(state.rawValue))])
        } catch {
            metrics.githubCallbackFailed()
            ServerEvent.log("github", "calpolicy-serve: github: delivery \(record.delivery): \(state.rawValue) not sent: \(error.message)",
                            [("delivery", .string(record.delivery))])
            if error.final {
                record.failed = error.message
                metrics.githubPendingChanged(-1)
            } else {
                wake(record.delivery, at: clock() + Self.retrySeconds)
            }
        }
        save(record)
    }

    @discardableResult
    private func save(_ record: GitHubDeployment) -> Bool {
        do { try store.save(record) } catch {
            ServerEvent.log("error", "calpolicy-serve: github: \(store.folder): delivery \(record.delivery) cannot be saved: \(error)")
            return false
        }
        return true
    }

    // MARK: the timer

    private func wake(_ delivery: String, at instant: Int64) {
        condition.withLock {
            wakeups[delivery] = instant
            condition.signal()
        }
    }

    /// Sleeps until the earliest wake-up (or a new one), then hands every due delivery over.
    private func timerLoop() {
        condition.lock()
        while running {
            let now = clock()
            let due = wakeups.filter { $0.value <= now }.map(\.key)
            if !due.isEmpty {
                for delivery in due { wakeups.removeValue(forKey: delivery) }
                condition.unlock()
                for delivery in due.sorted() { process(delivery) }
                condition.lock()
                continue
            }
            if let next = wakeups.values.min() {
                _ = condition.wait(until: Clock.conditionDeadline(after: Double(next - now)))
            } else {
                condition.wait()
            }
        }
        condition.unlock()
    }

    /// `72h`, `90m`, `3d`: a duration as the flag takes it.
    static func duration(_ seconds: Int64) -> String {
        if seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3600 == 0 { return "\(seconds / 3600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }
}
