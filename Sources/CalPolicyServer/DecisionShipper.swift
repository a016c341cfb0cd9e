import CalendarData
import Foundation
import Glibc
import HTTPClient
import PolicyBundle

/// `--decision-log-url URL`: decision-log lines POSTed in gzip batches of NDJSON
/// (`Content-Type: application/x-ndjson`, `Content-Encoding: gzip`), a batch every
/// `batchLines` lines or `interval` seconds, by a thread of the shipper's own. Requests only
/// queue a line into a bounded buffer: a slow or stopped receiver can never block or slow a
/// decision. A full buffer drops the line and counts it; a batch is retried with `Backoff` (or
/// after the receiver's `Retry-After`) on a transport error, a 5xx or a 429 and, when its attempts are spent
/// (or the receiver refuses it with another 4xx), dropped and counted too, so lines lost are
/// exactly `dropped`. The lines in flight count against the buffer: while the receiver is
/// away the buffer fills and new lines are dropped, the batch being retried is kept.
final class DecisionShipper: @unchecked Sendable {
    /// What a POST came to: a status and the receiver's `Retry-After`, or a transport error (nil).
    typealias Post = @Sendable (_ body: [UInt8], _ headers: [HTTPHeader]) -> PostAnswer?

    let url: String
    /// Lines per batch at most.
    let batchLines: Int
    /// A batch leaves once this many lines wait: `batchLines`, or half the buffer when that is
    /// smaller (a burst must not fill the buffer while the interval runs).
    let threshold: Int
    /// Seconds a line waits at most before its batch leaves, full or not.
    let interval: Double
    /// The buffer's bounds, lines in flight included: past either, a line is dropped and counted.
    let capacityLines: Int
    let capacityBytes: Int
    /// POSTs of one batch before it is dropped and counted (the first included).
    let attempts: Int
    /// The wait between a batch's attempts, unless the receiver names one (`Retry-After`).
    let backoff: Backoff
    private let post: Post
    private let condition = NSCondition()
    private var lines: [[UInt8]] = []
    private var buffered = 0
    private var inFlight = 0
    private var inFlightBytes = 0
    private var oldest: UInt64 = 0
    private(set) var dropped = 0
    private(set) var shipped = 0
    private var droppedSinceNotice = 0
    private var lastNotice: UInt64 = 0
    /// Where the shipper reports drops and refusals (the access log's sink).
    var notices: LogSink?

    init(url: String, batchLines: Int = 500, interval: Double = 1, capacityLines: Int = 4096,
         capacityBytes: Int = 4 << 20, attempts: Int = 8, backoffBase: Double = 0.1, backoffMax: Double = 5,
         post: Post? = nil) {
        self.url = url
        self.batchLines = max(1, batchLines)
        threshold = max(1, min(self.batchLines, capacityLines / 2))
        self.interval = interval
        self.capacityLines = capacityLines
        self.capacityBytes = capacityBytes
        self.attempts = max(1, attempts)
        backoff = Backoff(base: backoffBase, ceiling: backoffMax)
        self.post = post ?? Self.httpPost(url: url)
        let thread = Thread { [self] in shipLoop() }
        thread.name = "log-decision-url"
        thread.start()
    }

    /// The real POST: bounded in time, so a receiver that hangs costs a retry, never the thread.
    static func httpPost(url: String) -> Post {
        let client = HTTPClient()
        return { body, headers in
            let request = HTTPRequest(method: "POST", url: url, headers: headers, body: body,
                                      timeout: .seconds(5), connectTimeout: .seconds(2), maxResponseBytes: 64 << 10)
            return (try? client.send(request)).map { PostAnswer(status: $0.status, retryAfter: $0.headers["retry-after"]) }
        }
    }

    /// Queues one line; false when it was dropped (the buffer, lines in flight included, is full).
    @discardableResult
    func append(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        condition.lock()
        defer { condition.unlock() }
        guard lines.count + inFlight < capacityLines, buffered + inFlightBytes + bytes.count <= capacityBytes else {
            dropped += 1
            droppedSinceNotice += 1
            return false
        }
        if lines.isEmpty { oldest = DispatchTime.now().uptimeNanoseconds }
        lines.append(bytes)
        buffered += bytes.count
        if lines.count == threshold || lines.count == 1 { condition.broadcast() }
        return true
    }

    var counts: (dropped: Int, shipped: Int) { condition.withLock { (dropped, shipped) } }

    /// Waits until every queued line is shipped or dropped, at most `seconds` (a stopping server).
    func flush(within seconds: Double) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        condition.lock()
        flushing = true
        condition.broadcast()
        while (!lines.isEmpty || inFlight > 0) && DispatchTime.now().uptimeNanoseconds < deadline {
            _ = condition.wait(until: Clock.conditionDeadline(after: 0.01))
        }
        flushing = false
        condition.unlock()
    }

    private var flushing = false

    private func shipLoop() {
        while true {
            condition.lock()
            // A batch when `threshold` lines are queued, or when the oldest has waited `interval`.
            while true {
                if lines.count >= threshold || (!lines.isEmpty && flushing) { break }
                if lines.isEmpty {
                    condition.wait()
                    continue
                }
                let due = oldest + UInt64(interval * 1e9)
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= due { break }
                _ = condition.wait(until: Clock.conditionDeadline(after: Double(due - now) / 1e9))
            }
            let count = min(batchLines, lines.count)
            let batch = Array(lines[0..<count])
            lines.removeFirst(count)
            let bytes = batch.reduce(0) { $0 + $1.count }
            buffered -= bytes
            inFlight = count
            inFlightBytes = bytes
            if !lines.isEmpty { oldest = DispatchTime.now().uptimeNanoseconds }
            condition.unlock()

            let delivered = ship(batch)
            condition.lock()
            inFlight = 0
            inFlightBytes = 0
            if delivered { shipped += count } else {
                dropped += count
                droppedSinceNotice += count
            }
            let notice = takeNotice()
            condition.broadcast()
            condition.unlock()
            if let notice { notices?.append(notice) }
        }
    }

    /// The drop notice, at most every 10 s (under the lock).
    private func takeNotice() -> String? {
        let now = DispatchTime.now().uptimeNanoseconds
        guard droppedSinceNotice > 0, lastNotice == 0 || now - lastNotice >= 10_000_000_000 else { return nil }
        defer { droppedSinceNotice = 0; lastNotice = now }
        return "calpolicy-serve: decision log URL: \(droppedSinceNotice) line(s) dropped (the receiver is slow, away or refusing; "
            + "calpolicy_log_lines_dropped_total{log=\"decision_url\"} counts them)"
    }

    /// One batch, gzipped once, POSTed until a 2xx, a refusal (a 4xx other than 429: sending it
    /// again would be refused again) or its attempts are spent; true when it was taken.
    private func ship(_ batch: [[UInt8]]) -> Bool {
        var joined: [UInt8] = []
        joined.reserveCapacity(batch.reduce(0) { $0 + $1.count })
        for line in batch { joined.append(contentsOf: line) }
        guard let body = try? ArchiveWriter.gzip(joined) else { return false }
        let headers = [HTTPHeader(name: "Content-Type", value: "application/x-ndjson"),
                       HTTPHeader(name: "Content-Encoding", value: "gzip")]
        var failures = 0
        var wait = 0.0
        for attempt in 0..<attempts {
            if attempt > 0 { usleep(UInt32(min(wait, 60) * 1e6)) }
            let answer = post(body, headers)
            if let answer, (200..<300).contains(answer.status) { return true }
            if let answer, answer.status != 429, answer.status < 500 {
                notices?.append("calpolicy-serve: decision log URL: the receiver refused a batch of \(batch.count) line(s) with \(answer.status)")
                return false
            }
            failures += 1
            wait = Backoff.requested(retryAfter: answer?.retryAfter, longest: 60) ?? backoff.delay(after: failures)
        }
        return false
    }
}
