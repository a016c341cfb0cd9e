import Foundation
import HTTPClient
import Testing
@testable import CalPolicyServer

/// `--decision-log-url`'s shipper with a receiver in-process (the POST is a closure): batches are
/// gzip NDJSON with the right headers, every line arrives exactly once, a receiver that fails
/// for a while gets the batch again with backoff, and lines lost always equal `dropped`.
@Suite(.serialized) struct DecisionShipperTests {
    /// What a fake receiver saw; its answers come from `answer`.
    final class Receiver: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
        var posts = 0
        var headers: [HTTPHeader] = []
        var answer: @Sendable (Int) -> Int? = { _ in 200 }

        /// Asked for after a 429 or 503 (`Retry-After`), when set.
        var retryAfter: String?
        var postedAt: [UInt64] = []

        func post(_ body: [UInt8], _ headers: [HTTPHeader]) -> PostAnswer? {
            let number = lock.withLock { posts += 1; postedAt.append(DispatchTime.now().uptimeNanoseconds); return posts }
            guard let status = answer(number) else { return nil }
            guard (200..<300).contains(status) else { return PostAnswer(status: status, retryAfter: retryAfter) }
            let text = DecisionShipperTests.gunzip(body)
            lock.withLock {
                self.headers = headers
                lines += text.split(separator: "\n").map(String.init)
            }
            return PostAnswer(status: status)
        }

        var seen: [String] { lock.withLock { lines } }
    }

    static func gunzip(_ bytes: [UInt8]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try! process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try! input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func burstArrivesOnceInGzipBatches() {
        let receiver = Receiver()
        let shipper = DecisionShipper(url: "http://127.0.0.1:1/", batchLines: 100, interval: 0.05,
                                      post: { receiver.post($0, $1) })
        let sent = (0..<1000).map { "{\"decisionId\":\"d\($0)\"}" }
        for line in sent { #expect(shipper.append(line)) }
        shipper.flush(within: 10)
        #expect(receiver.seen == sent)
        #expect(shipper.counts.dropped == 0 && shipper.counts.shipped == 1000)
        #expect(receiver.posts >= 10)
        #expect(receiver.headers.contains(HTTPHeader(name: "Content-Type", value: "application/x-ndjson")))
        #expect(receiver.headers.contains(HTTPHeader(name: "Content-Encoding", value: "gzip")))
    }

    @Test func retriesTransientFailures() {
        let receiver = Receiver()
        // A transport error, a 503 and a 429 first: the same batch succeeds on the fourth attempt.
        receiver.answer = { [nil, 503, 429][safe: $0 - 1] ?? 200 }
        let shipper = DecisionShipper(url: "http://127.0.0.1:1/", batchLines: 10, interval: 0.01,
                                      backoffBase: 0.01, backoffMax: 0.05, post: { receiver.post($0, $1) })
        for index in 0..<5 { shipper.append("line \(index)") }
        shipper.flush(within: 10)
        #expect(receiver.seen == (0..<5).map { "line \($0)" })
        #expect(receiver.posts == 4)
        #expect(shipper.counts.dropped == 0)
    }

    @Test func refusedAndExhaustedBatchesAreCounted() {
        let receiver = Receiver()
        receiver.answer = { _ in 400 }
        let refused = DecisionShipper(url: "http://127.0.0.1:1/", batchLines: 3, interval: 0.01, post: { receiver.post($0, $1) })
        for index in 0..<3 { refused.append("\(index)") }
        refused.flush(within: 5)
        #expect(refused.counts.dropped == 3 && refused.counts.shipped == 0)
        #expect(receiver.posts == 1)

        let away = Receiver()
        away.answer = { _ in nil }
        let shipper = DecisionShipper(url: "http://127.0.0.1:1/", batchLines: 3, interval: 0.01, attempts: 3,
                                      backoffBase: 0.01, backoffMax: 0.02, post: { away.post($0, $1) })
        for index in 0..<3 { shipper.append("\(index)") }
        shipper.flush(within: 5)
        #expect(shipper.counts.dropped == 3 && shipper.counts.shipped == 0)
        #expect(away.posts == 3)
    }

    /// A receiver away for a while: appends never wait, the buffer (batch in flight included)
    /// fills and drops, and received + dropped == appended once it is back.
    @Test func receiverAwayNeverBlocksAndLossesAreCounted() {
        let receiver = Receiver()
        let back = Date().addingTimeInterval(0.5)
        receiver.answer = { _ in Date() < back ? nil : 200 }
        let shipper = DecisionShipper(url: "http://127.0.0.1:1/", batchLines: 50, interval: 0.01, capacityLines: 200,
                                      attempts: 100, backoffBase: 0.02, backoffMax: 0.1, post: { receiver.post($0, $1) })
        var slowest = 0.0
        var accepted = 0
        for index in 0..<2000 {
            let start = DispatchTime.now().uptimeNanoseconds
            if shipper.append("line \(index)") { accepted += 1 }
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            if index % 100 == 0 { usleep(20_000) }
        }
        shipper.flush(within: 10)
        #expect(slowest < 0.05)
        #expect(shipper.counts.dropped > 0)
        #expect(receiver.seen.count == accepted)
        #expect(receiver.seen.count + shipper.counts.dropped == 2000)
        #expect(Set(receiver.seen).count == receiver.seen.count)
    }

    @Test func backoffGrowsAndIsCapped() {
        let shipper = DecisionShipper(url: "http://127.0.0.1:1/", backoffBase: 0.1, backoffMax: 5, post: { _, _ in PostAnswer(status: 200) })
        #expect((0.05...0.1).contains(shipper.backoff.delay(after: 1)))
        #expect((0.4...0.8).contains(shipper.backoff.delay(after: 4)))
        #expect((2.5...5).contains(shipper.backoff.delay(after: 30)))
    }

    /// A receiver that answers 429 with `Retry-After: 1` is asked again after that second, not
    /// after the shipper's own 10 ms backoff.
    @Test func retryAfterIsHonoured() {
        let receiver = Receiver()
        receiver.retryAfter = "1"
        receiver.answer = { $0 == 1 ? 429 : 200 }
        let shipper = DecisionShipper(url: "http://127.0.0.1:1/", batchLines: 1, interval: 0.01,
                                      backoffBase: 0.01, backoffMax: 0.02, post: { receiver.post($0, $1) })
        shipper.append("{\"n\":1}")
        shipper.flush(within: 5)
        #expect(receiver.seen == ["{\"n\":1}"])
        let times = receiver.lock.withLock { receiver.postedAt }
        #expect(times.count == 2)
        if times.count == 2 { #expect(Double(times[1] - times[0]) / 1e9 >= 0.95) }
    }

    @Test func retryAfterIsReadAsSecondsAndCapped() {
        #expect(Backoff.requested(retryAfter: "7", longest: 60) == 7)
        #expect(Backoff.requested(retryAfter: " 2.5 ", longest: 60) == 2.5)
        #expect(Backoff.requested(retryAfter: "86400", longest: 60) == 60)
        #expect(Backoff.requested(retryAfter: "-1", longest: 60) == nil)
        #expect(Backoff.requested(retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT", longest: 60) == nil)
        #expect(Backoff.requested(retryAfter: nil, longest: 60) == nil)
        #expect(Backoff(base: 0.5, ceiling: 30, jitter: false).delay(after: 3) == 2)
        #expect(Backoff(base: 0.5, ceiling: 30, jitter: false).delay(after: 20) == 30)
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
