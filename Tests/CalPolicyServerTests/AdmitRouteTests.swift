import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// `POST /v1/admit`, in-process, with the AdmissionReviews of Tests/fixtures/admission/reviews
/// at a fixed instant: the action each change is asked as, refusals with their one line and
/// audit annotations, a warning before a closure, the exemptions and what lifts them, overrides
/// only by annotation, and fail-closed parsing (a refusal carrying the uid, else a 400 or 413).
@Suite(.serialized) struct AdmitRouteTests {
    static let fixtures = "Tests/fixtures/admission/"

    /// A server over `arguments`, its decisions logged to `log` when given, deciding at `now`.
    static func server(_ arguments: [String], now: String, log: DecisionLog? = nil,
                       overrides: String? = nil) -> Router {
        // A generous request deadline: a 2 MB review read under a sanitizer on a loaded machine
        // must not meet the 2 s default (no test here is about the deadline).
        guard case .run(let configuration) = ServeArguments.parse(arguments + ["--listen", "127.0.0.1:0", "--timeout", "30"], cores: 2),
              case .success(let assembly) = ServerAssembly.make(
                configuration, cores: 1, token: nil, decisions: log,
                overrides: overrides.map { OverrideStore(folder: $0, writable: false) })
        else { fatalError("the admission test server did not assemble") }
        let instant = Int64(ISO8601DateFormatter().date(from: now)!.timeIntervalSince1970)
        assembly.router.now = { instant }
        return assembly.router
    }

    /// The payments hold, the kube-system deletions rule and the fixture overrides, on
    /// 2026-12-21 at 09:00 UTC (inside CHG-1's window, after CHG-OLD's).
    static func payments(now: String = "2026-12-21T09:00:00Z", log: DecisionLog? = nil) -> Router {
        server([fixtures + "policies/payments-freeze.lua", fixtures + "policies/system-deletes.lua"], now: now, log: log,
               overrides: fixtures + "overrides")
    }

    /// Deploy hours in Berlin and the year-end freeze, no scoped policy.
    static func hours(now: String) -> Router {
        server(["policies/change-freeze.lua", "examples/deploy-hours.lua", "--time-zone", "Europe/Berlin"], now: now)
    }

    static func body(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "reviews/\(name).json")))
    }

    static func post(_ router: Router, _ body: [UInt8], query: [(name: String, value: String)] = [("timeout", "10s")],
                     tooLarge: Bool = false) -> HTTPResponse {
        router.handle(HTTPRequest(method: "POST", path: "/v1/admit", query: query, headers: ["content-type": "application/json"],
                                  body: body, bodyTooLarge: tooLarge))
    }

    /// The answer's `response` object.
    static func response(_ answer: HTTPResponse) -> [String: Any] {
        let review = (try? JSONSerialization.jsonObject(with: Data(answer.body))) as? [String: Any] ?? [:]
        #expect(review["apiVersion"] as? String == "admission.k8s.io/v1")
        #expect(review["kind"] as? String == "AdmissionReview")
        return review["response"] as? [String: Any] ?? [:]
    }

    static func uid(_ name: String) throws -> String {
        let review = try JSONSerialization.jsonObject(with: Data(try body(name))) as? [String: Any]
        return (review?["request"] as? [String: Any])?["uid"] as? String ?? ""
    }

    /// Every fixture against its promised answer: allowed, the message, the audit annotations.
    @Test func eachReviewGetsItsPromisedAnswer() throws {
        let router = Self.payments()
        let hold = "payments audit hold for at least a year (\(Self.fixtures)policies/payments-freeze.lua)"
        let cases: [(String, Bool, String?, [String: String])] = [
            ("create", true, nil, [:]),                                      // storefront: no policy closes it
            ("update-image", false, "deploy blocked by " + hold, ["calpolicy.dev/policy": Self.fixtures + "policies/payments-freeze.lua"]),
            ("update-replicas", false, "scale blocked by " + hold, ["calpolicy.dev/policy": Self.fixtures + "policies/payments-freeze.lua"]),
            ("update-labels", false, "config blocked by " + hold, ["calpolicy.dev/policy": Self.fixtures + "policies/payments-freeze.lua"]),
            // system-deletes.lua names action delete: deletions are asked, and payments is on hold.
            ("delete", false, "delete blocked by " + hold, ["calpolicy.dev/policy": Self.fixtures + "policies/payments-freeze.lua"]),
            ("dry-run", false, "deploy blocked by " + hold, ["calpolicy.dev/policy": Self.fixtures + "policies/payments-freeze.lua"]),
            // system-deletes.lua names kube-system: asked, and only deletions there are closed.
            ("exempt-namespace", true, nil, [:]),
            ("exempt-namespace-delete", false,
             "delete blocked by no deletions in kube-system for at least a year (\(Self.fixtures)policies/system-deletes.lua)",
             ["calpolicy.dev/policy": Self.fixtures + "policies/system-deletes.lua"]),
            ("override-active", true, nil, ["calpolicy.dev/override": "CHG-1"]),
            ("override-expired", false,
             "deploy refused: override 'CHG-OLD' (annotation calpolicy.dev/override) is expired; remove the annotation or name an active override",
             ["calpolicy.dev/override": "CHG-OLD"]),
            ("override-wrong-scope", false,
             "deploy refused: override 'CHG-2' (annotation calpolicy.dev/override) does not cover this change (its scope); remove the annotation or name an active override",
             ["calpolicy.dev/override": "CHG-2"]),
        ]
        for (name, allowed, message, annotations) in cases {
            let answer = Self.post(router, try Self.body(name))
            #expect(answer.status == 200, "\(name)")
            let response = Self.response(answer)
            #expect(response["uid"] as? String == (try Self.uid(name)), "\(name)")
            #expect(response["allowed"] as? Bool == allowed, "\(name): \(response)")
            let status = response["status"] as? [String: Any]
            #expect(status?["message"] as? String == message, "\(name)")
            #expect(status?["code"] as? Int == (allowed ? nil : 403), "\(name)")
            #expect(response["auditAnnotations"] as? [String: String] ?? [:] == annotations, "\(name)")
        }
    }

    /// Open now, closing within two hours: a warning with the time left and what closes.
    @Test func aClosureWithinTwoHoursIsWarnedOf() throws {
        // Friday 2026-12-11, 13:25 in Berlin: deploy hours close at 15:00.
        let friday = Self.response(Self.post(Self.hours(now: "2026-12-11T12:25:00Z"), try Self.body("update-image")))
        #expect(friday["allowed"] as? Bool == true)
        #expect(friday["warnings"] as? [String] == ["freeze starts in 1h 35m: no Friday-afternoon deploys"])
        // Three hours before: no warning.
        let morning = Self.response(Self.post(Self.hours(now: "2026-12-11T09:00:00Z"), try Self.body("update-image")))
        #expect(morning["allowed"] as? Bool == true)
        #expect(morning["warnings"] == nil)
        // CHG-1 ends at 12:00 UTC: at 10:30 the override's change is warned that the hold returns.
        let late = Self.response(Self.post(Self.payments(now: "2026-12-21T10:30:00Z"), try Self.body("override-active")))
        #expect(late["allowed"] as? Bool == true)
        #expect(late["warnings"] as? [String] == ["freeze starts in 1h 30m: payments audit hold"])
    }

    /// Closed with an end: the message says until when, in the server's zone, and which policy.
    @Test func aRefusalSaysUntilWhenAndWhichPolicy() throws {
        let router = Self.hours(now: "2026-12-21T09:00:00Z")
        let closed = Self.response(Self.post(router, try Self.body("update-image")))
        #expect(closed["allowed"] as? Bool == false)
        let message = (closed["status"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message == "deploy blocked by change freeze: Year-end change freeze until 2027-01-05T08:00:00+01:00 (policies/change-freeze.lua)", "\(message)")
        // No policy is scoped: kube-system and deletions are let through, said in the audit log.
        for name in ["exempt-namespace", "delete"] {
            let exempt = Self.response(Self.post(router, try Self.body(name)))
            #expect(exempt["allowed"] as? Bool == true, "\(name)")
            #expect((exempt["auditAnnotations"] as? [String: String])?["calpolicy.dev/exempt"] != nil, "\(name)")
        }
    }

    /// Fail closed: unreadable reviews are refused with their uid, or are a 400 (413 too large);
    /// a 2 MB review is read whole; each is counted in /metrics.
    @Test func malformedReviewsFailClosed() throws {
        let router = Self.payments()
        let version = Self.response(Self.post(router, try Self.body("malformed-api-version")))
        #expect(version["uid"] as? String == "b3da25a4-7f1b-4c9e-8a3d-2e6f9b0c1abb")
        #expect(version["allowed"] as? Bool == false)
        #expect(((version["status"] as? [String: Any])?["message"] as? String)?.contains("admission.k8s.io/v1beta1") == true)
        for name in ["malformed-no-uid", "malformed-deep"] {
            let answer = Self.post(router, try Self.body(name))
            #expect(answer.status == 400, "\(name)")
        }
        #expect(Self.post(router, Array("not json".utf8)).status == 400)
        #expect(Self.post(router, [], tooLarge: true).status == 413)
        // A 2 MB object (a big annotation, as a last-applied-configuration can be) is read whole.
        var big = try JSONSerialization.jsonObject(with: Data(try Self.body("create"))) as! [String: Any]
        var request = big["request"] as! [String: Any], object = request["object"] as! [String: Any]
        var metadata = object["metadata"] as! [String: Any]
        metadata["annotations"] = ["example.com/blob": String(repeating: "x", count: 2 << 20)]
        object["metadata"] = metadata
        request["object"] = object
        big["request"] = request
        let bytes = Array(try JSONSerialization.data(withJSONObject: big))
        #expect(bytes.count > 2 << 20 && bytes.count < 4 << 20)
        #expect(Self.response(Self.post(router, bytes))["allowed"] as? Bool == true)
        let metrics = String(decoding: router.handle(HTTPRequest(method: "GET", path: "/metrics")).body, as: UTF8.self)
        #expect(metrics.contains("calpolicy_admit_reviews_total{result=\"malformed\"} 5"), "\(metrics)")
        #expect(metrics.contains("calpolicy_admit_reviews_total{result=\"allowed\"} 1"))
    }

    /// A review is read and decided on a worker of its stack, not on the polling thread: with
    /// every worker of the stack held, a 2 MB review (a malformed one, which needs no policy,
    /// and a good one) is not answered when `handle` returns, `/health` is answered at once
    /// meanwhile, and both reviews are answered when the workers are free.
    @Test func aBigReviewIsReadOnAWorkerNotThePollingThread() throws {
        let router = Self.payments()
        let held = DispatchSemaphore(value: 0), holding = DispatchSemaphore(value: 0)
        for _ in 0..<router.queues.workers {
            router.queues.submit(router.stacks.defaultName, StackQueues.Job(
                deadline: DispatchTime.now().uptimeNanoseconds + 60_000_000_000,
                run: { holding.signal(); held.wait(); return false }, refuse: { _ in holding.signal() }))
        }
        for _ in 0..<router.queues.workers { holding.wait() }
        let answers = AnswerList()
        for name in ["malformed-api-version", "create"] {
            var review = try JSONSerialization.jsonObject(with: Data(try Self.body(name))) as! [String: Any]
            var request = review["request"] as! [String: Any], object = request["object"] as! [String: Any]
            var metadata = object["metadata"] as! [String: Any]
            metadata["annotations"] = ["example.com/blob": String(repeating: "x", count: 2 << 20)]
            object["metadata"] = metadata
            request["object"] = object
            review["request"] = request
            let bytes = Array(try JSONSerialization.data(withJSONObject: review))
            router.handle(HTTPRequest(method: "POST", path: "/v1/admit", query: [("timeout", "10s")],
                                      headers: ["content-type": "application/json"], body: bytes)) { answers.add($0) }
        }
        #expect(answers.count == 0, "a review was answered on the polling thread")
        #expect(router.handle(HTTPRequest(method: "GET", path: "/health")).status == 200)
        #expect(answers.count == 0)
        for _ in 0..<router.queues.workers { held.signal() }
        let done = answers.wait(for: 2)
        // The malformed one refused, the good one allowed (two workers may answer in either order).
        let allowed = done.map { (Self.response($0)["uid"] as? String ?? "", Self.response($0)["allowed"] as? Bool) }
        #expect(Dictionary(allowed, uniquingKeysWith: { a, _ in a }) == [
            try Self.uid("malformed-api-version"): false, try Self.uid("create"): true])
    }

    /// The query: the API server's `timeout` is taken, anything else is a 400 naming it.
    @Test func onlyTheTimeoutParameterIsTaken() throws {
        let router = Self.payments()
        #expect(Self.post(router, try Self.body("create"), query: [("timeout", "10s")]).status == 200)
        let unknown = Self.post(router, try Self.body("create"), query: [("at", "2026-12-21T09:00:00Z")])
        #expect(unknown.status == 400)
        #expect(RouterTests().error(unknown).parameter == "at")
        let get = router.handle(HTTPRequest(method: "GET", path: "/v1/admit"))
        #expect(get.status == 405)
    }

    /// The decision log: one line per review, its uid and answer, dry runs marked as such.
    @Test func theDecisionLogMarksDryRuns() throws {
        let path = NSTemporaryDirectory() + "admit-decisions-\(getpid()).jsonl"
        defer { unlink(path) }
        let log = try DecisionLog(path: path)
        let router = Self.payments(log: log)
        for name in ["update-image", "dry-run"] { _ = Self.post(router, try Self.body(name)) }
        log.flush(within: 5)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        let entries = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let admissions = entries.compactMap { $0["admission"] as? [String: Any] }
        #expect(entries.allSatisfy { $0["route"] as? String == "/v1/admit" })
        #expect(admissions.map { $0["dryRun"] as? Bool } == [false, true])
        #expect(admissions.map { $0["allowed"] as? Bool } == [false, false])
        #expect((admissions.last?["context"] as? [String: String])?["action"] == "deploy")
        #expect((admissions.last?["context"] as? [String: String])?["actor"] == "carol@example.com")
    }

    /// `--admit-max-body` sets the one route's limit; every other route keeps 64 KiB.
    @Test func theAdmitBodyLimitIsTheRoutesOwn() {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua", "--admit-max-body", "1MiB", "--admit-cluster", "prod-eu-1"], cores: 2)
        else { Issue.record("refused"); return }
        #expect(configuration.limits.maxBody(forPath: "/v1/admit") == 1 << 20)
        #expect(configuration.limits.maxBody(forPath: "/v1/select") == 64 << 10)
        #expect(configuration.admission.cluster == "prod-eu-1")
        guard case .exit(let code, _, let stderr) = ServeArguments.parse(["policies/weekends.lua", "--admit-max-body", "1GiB"], cores: 2)
        else { Issue.record("1GiB was taken"); return }
        #expect(code == 2 && stderr.contains("admit-max-body"))
    }
}

/// Answers given on other threads, in the order given.
final class AnswerList: @unchecked Sendable {
    private let condition = NSCondition()
    private var answers: [HTTPResponse] = []
    func add(_ answer: HTTPResponse) { condition.withLock { answers.append(answer); condition.broadcast() } }
    var count: Int { condition.withLock { answers.count } }
    func wait(for count: Int) -> [HTTPResponse] {
        condition.withLock {
            while answers.count < count { condition.wait() }
            return answers
        }
    }
}
