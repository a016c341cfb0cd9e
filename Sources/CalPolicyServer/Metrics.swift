import Foundation
import Rendering

/// Counters for `/metrics` (Prometheus text format 0.0.4).
final class Metrics: @unchecked Sendable {
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]
    private let lock = NSLock()
    /// Answers by route and status; written out as `route\u{0}status` keys, as the other families.
    private var requests: [RouteStatus: Int] = [:]
    private struct RouteStatus: Hashable {
        let route: String
        let status: Int
    }
    private var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count)
    private var latencyCount = 0
    private var latencySum = 0.0
    private var policyErrors: [String: Int] = [:]  // stack\u{0}kind
    private var reloads: [String: Int] = [:]  // stack\u{0}result
    private var cacheHits = 0
    /// `/v1/admit` answers by result: allowed, denied, malformed (a review not read).
    private var admitReviews: [String: Int] = [:]
    private var reloadBuild = (count: 0, sum: 0.0, max: 0.0)
    private var reloadSwap = (count: 0, sum: 0.0, max: 0.0)
    private(set) var inFlight = 0
    /// The GitHub deployment protection rule's figures, shown once it is on (`--github-app-id`).
    private var github: (on: Bool, pending: Int, approved: Int, rejected: Int, callbackFailures: Int) = (false, 0, 0, 0, 0)

    func started() { lock.withLock { inFlight += 1 } }

    func finished(route: String, status: Int, seconds: Double) {
        lock.withLock {
            inFlight -= 1
            requests[RouteStatus(route: route, status: status), default: 0] += 1
            latencyCount += 1
            latencySum += seconds
            for (index, bound) in Metrics.buckets.enumerated() where seconds <= bound { bucketCounts[index] += 1 }
        }
    }

    var current: Int { lock.withLock { inFlight } }
    func policyError(stack: String, kind: String) { lock.withLock { policyErrors["\(stack)\u{0}\(kind)", default: 0] += 1 } }
    func reload(stack: String, result: String) { lock.withLock { reloads["\(stack)\u{0}\(result)", default: 0] += 1 } }
    /// A version that went live: the time to build it aside (read, load, gate tests) and the swap.
    func reloadTimes(build: Double, swap: Double) {
        lock.withLock {
            reloadBuild = (reloadBuild.count + 1, reloadBuild.sum + build, Swift.max(reloadBuild.max, build))
            reloadSwap = (reloadSwap.count + 1, reloadSwap.sum + swap, Swift.max(reloadSwap.max, swap))
        }
    }
    func cacheHit() { lock.withLock { cacheHits += 1 } }
    func admitReview(_ result: String) { lock.withLock { admitReviews[result, default: 0] += 1 } }
    /// The rule is on, with `count` deployments waiting (taken up from the state folder).
    func githubPending(_ count: Int) { lock.withLock { github.on = true; github.pending = count } }
    func githubPendingChanged(_ delta: Int) { lock.withLock { github.pending = Swift.max(0, github.pending + delta) } }
    func githubApproved() { lock.withLock { github.approved += 1 } }
    func githubRejected() { lock.withLock { github.rejected += 1 } }
    func githubCallbackFailed() { lock.withLock { github.callbackFailures += 1 } }

    func text() -> String {
        lock.withLock {
            var out = PrometheusText()
            Self.labelled(&out, "calpolicy_http_requests_total", help: "Requests answered, by route and status.",
                          labels: ("route", "status"),
                          Dictionary(requests.map { ("\($0.key.route)\u{0}\($0.key.status)", $0.value) }, uniquingKeysWith: +))
            let duration = "calpolicy_http_request_duration_seconds"
            out.family(duration, .histogram, help: "Time to answer a request.")
            for (index, bound) in Metrics.buckets.enumerated() {
                out.sample(duration + "_bucket", bucketCounts[index], labels: ["le": "\(bound)"])
            }
            out.sample(duration + "_bucket", latencyCount, labels: ["le": "+Inf"])
            out.sample(duration + "_sum", latencySum)
            out.sample(duration + "_count", latencyCount)
            Self.labelled(&out, "calpolicy_policy_errors_total",
                          help: "Requests a policy failed (error, budget, memory, timeout).", labels: ("stack", "kind"), policyErrors)
            Self.labelled(&out, "calpolicy_reloads_total",
                          help: "Reload attempts, by stack and result (loaded, unchanged, refused, superseded).",
                          labels: ("stack", "result"), reloads)
            for (name, help, value) in [
                ("calpolicy_reload_build_seconds", "Time to build a new stack version aside (read, load, gate tests).", reloadBuild),
                ("calpolicy_reload_swap_seconds", "Time to make a built version live (pointer swap, response cache emptied).", reloadSwap),
            ] {
                out.family(name, .summary, help: help)
                out.sample(name + "_sum", value.sum)
                out.sample(name + "_count", value.count)
                out.family(name + "_max", .gauge, help: "The longest so far.")
                out.sample(name + "_max", value.max)
            }
            out.family("calpolicy_cache_hits_total", .counter, help: "Answers served from the response cache.")
            out.sample("calpolicy_cache_hits_total", cacheHits)
            // Every result, counted or not, so an alert on denials has a series from the start.
            out.family("calpolicy_admit_reviews_total", .counter, help: "AdmissionReviews answered by /v1/admit, by result.",
                       label: "result", ["allowed", "denied", "malformed"].map { ($0, admitReviews[$0] ?? 0) })
            if github.on {
                out.family("calpolicy_github_pending_deployments", .gauge,
                           help: "GitHub deployments waiting on the protection rule (decided or not, not yet answered).")
                out.sample("calpolicy_github_pending_deployments", github.pending)
                for (name, help, value) in [
                    ("calpolicy_github_approvals_total", "GitHub deployments approved.", github.approved),
                    ("calpolicy_github_rejections_total", "GitHub deployments rejected.", github.rejected),
                    ("calpolicy_github_callback_failures_total",
                     "Callbacks to GitHub (decisions and status reports) that failed or gave up for now.", github.callbackFailures),
                ] {
                    out.family(name, .counter, help: help)
                    out.sample(name, value)
                }
            }
            out.family("calpolicy_http_in_flight", .gauge, help: "Requests being answered.")
            out.sample("calpolicy_http_in_flight", inFlight)
            return out.text
        }
    }

    /// A counter family kept as `first\u{0}second` keys, one sample per key in key order.
    private static func labelled(_ out: inout PrometheusText, _ name: String, help: String,
                                 labels: (String, String), _ counts: [String: Int]) {
        out.family(name, .counter, help: help)
        for key in counts.keys.sorted() {
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            out.sample(name, counts[key]!, labels: [labels.0: parts[0], labels.1: parts[1]])
        }
    }
}

/// Answers by their whole question (`CacheKey`); emptied when a stack version changes and when
/// the day changes. A lookup finds a bucket by a hash of the key and then compares the keys byte
/// for byte: two questions whose hashes collide each keep and get their own answer (the hash is
/// injectable so a test can make every key collide). Bounded in entries and in bytes, keys
/// counted (a `/v1/days` answer can be ~400 KB, a select key holds its 64 KiB body): when either
/// bound would be passed the cache starts over, which costs only re-evaluation.
final class ResponseCache: @unchecked Sendable {
    struct Entry: Sendable {
        var status: Int
        var body: [UInt8]
        var contentType: String
        /// The answer's ETag (`CacheKey.etag`), computed once when it was stored.
        var etag: String = ""
        /// The decision log's answer (a gate's open, reason, policy, until and override; a
        /// document's digest and ETag), so a hit logs the same answer as the miss that stored it;
        /// written as JSON once, when stored (`DecisionRecordRenderer.json`).
        var answer: [UInt8]?
    }

    private let lock = NSLock()
    private var buckets: [Int: [(key: CacheKey, entry: Entry)]] = [:]
    private var count = 0
    private var bytes = 0
    private let hash: @Sendable (CacheKey) -> Int
    let capacity: Int
    let byteCapacity: Int

    init(capacity: Int = 4096, byteCapacity: Int = 64 << 20, hash: @escaping @Sendable (CacheKey) -> Int = { $0.hashValue }) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.hash = hash
    }

    func get(_ key: CacheKey) -> Entry? {
        let bucket = hash(key)
        return lock.withLock { buckets[bucket]?.first { $0.key == key }?.entry }
    }

    func put(_ key: CacheKey, _ entry: Entry) {
        let size = key.bytes.count + entry.body.count
        guard capacity > 0, size <= byteCapacity / 4 else { return }
        let bucket = hash(key)
        lock.withLock {
            if count >= capacity || bytes + size > byteCapacity {
                buckets.removeAll(keepingCapacity: true)
                count = 0
                bytes = 0
            }
            var slots = buckets[bucket] ?? []
            if let index = slots.firstIndex(where: { $0.key == key }) {
                bytes -= slots[index].key.bytes.count + slots[index].entry.body.count
                slots[index].entry = entry
            } else {
                slots.append((key, entry))
                count += 1
            }
            bytes += size
            buckets[bucket] = slots
        }
    }

    func clear() {
        lock.withLock {
            buckets.removeAll()
            count = 0
            bytes = 0
        }
    }
}
