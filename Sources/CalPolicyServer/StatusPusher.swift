import Foundation
import Glibc
import HTTPClient

/// `--status-url URL`: the `/v1/status` document POSTed whenever what it says changes (a stack
/// reloaded or refused, a bundle activated or failed), from a thread of its own. What counts as a
/// change is `fingerprint` (the stacks' versions and revisions, their last reload, the bundle's
/// activations and errors: not clocks that move on their own). A status that could not be
/// delivered is retried with `Backoff` (or after the receiver's `Retry-After`), latest-wins: a newer status
/// replaces an unsent older one, and the receiver never gets a stale one after a newer.
final class StatusPusher: @unchecked Sendable {
    typealias Post = DecisionShipper.Post

    let url: String
    let tick: Double
    let backoff: Backoff
    private let fingerprint: @Sendable () -> String
    private let status: @Sendable () -> String
    private let post: Post
    private let lock = NSLock()
    private var stopped = false
    private(set) var delivered = 0
    private(set) var failures = 0

    init(url: String, tick: Double = 0.25, backoffBase: Double = 0.2, backoffMax: Double = 10,
         fingerprint: @escaping @Sendable () -> String, status: @escaping @Sendable () -> String, post: Post? = nil) {
        self.url = url
        self.tick = tick
        backoff = Backoff(base: backoffBase, ceiling: backoffMax)
        self.fingerprint = fingerprint
        self.status = status
        self.post = post ?? DecisionShipper.httpPost(url: url)
    }

    var counts: (delivered: Int, failures: Int) { lock.withLock { (delivered, failures) } }

    func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "status-url"
        thread.start()
    }

    func stop() { lock.withLock { stopped = true } }

    private func loop() {
        var seen: String?
        var pending: [UInt8]?
        var attempt = 0
        var next: UInt64 = 0
        while !lock.withLock({ stopped }) {
            let now = DispatchTime.now().uptimeNanoseconds
            let current = fingerprint()
            if current != seen {
                // Latest wins: an unsent older status is replaced, and its backoff with it.
                seen = current
                pending = Array(status().utf8)
                attempt = 0
                next = now
            }
            if let body = pending, now >= next {
                let answer = post(body, [HTTPHeader(name: "Content-Type", value: "application/json")])
                if let answer, (200..<300).contains(answer.status) {
                    pending = nil
                    attempt = 0
                    lock.withLock { delivered += 1 }
                } else {
                    attempt += 1
                    lock.withLock { failures += 1 }
                    let wait = Backoff.requested(retryAfter: answer?.retryAfter, longest: 300) ?? backoff.delay(after: attempt)
                    next = DispatchTime.now().uptimeNanoseconds + UInt64(wait * 1e9)
                }
            }
            usleep(UInt32(tick * 1e6))
        }
    }
}
