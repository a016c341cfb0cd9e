import CalendarData
import Foundation
import Glibc

/// A log written off the request path: requests hand lines to a bounded buffer and a writer
/// thread of the sink's own writes them, so a slow, full or stalled sink (a pipe nobody
/// reads, a full disk) can never block a request — OPA's decision-log buffer drops and counts
/// rather than blocks. When the buffer is full a line is dropped and counted
/// (`calpolicy_log_lines_dropped_total`), and at most every 10 s the writer says so in one
/// stderr line. A write that fails (`ENOSPC`, `EPIPE`, …) drops its line the same way and
/// marks the sink unhealthy until a later write succeeds, which `--decision-log-required`
/// turns into 503s instead of unaudited answers.
final class LogSink: @unchecked Sendable {
    /// `access` or `decision`, as the metrics and notices name it.
    let name: String
    private var fd: Int32
    private let condition = NSCondition()
    /// The lines waiting, back to back (each with its newline), and where each ends: one
    /// growing buffer rather than an array per line, handed whole to the writer, which gives its
    /// emptied buffer back (`spare`) so a busy sink allocates nothing per line.
    private var pending: [UInt8] = []
    private var ends: [Int] = []
    private var spare: [UInt8] = []
    private var spareEnds: [Int] = []
    private var writing = false
    /// Descriptors replaced while a batch was being written to them: closed by the writer
    /// once that batch is done.
    private var retired: [Int32] = []
    /// The writer is waiting for its tick: a line wakes it early only when the buffer is half
    /// full (a wake-up per line cost every answer a futex call and handed the writer the core).
    private var idle = false
    private(set) var dropped = 0
    private(set) var failedWrites = 0
    private var lastWriteFailed = false
    private var droppedSinceNotice = 0
    private var lastNotice: UInt64 = 0
    /// Lines and bytes the buffer holds at most.
    let capacityLines: Int
    let capacityBytes: Int
    /// Where the writer reports drops (stderr's sink; nil for stderr's own sink, which
    /// reports into itself).
    var notices: LogSink?

    init(name: String, fd: Int32, capacityLines: Int = 4096, capacityBytes: Int = 4 << 20) {
        self.name = name
        self.fd = fd
        self.capacityLines = capacityLines
        self.capacityBytes = capacityBytes
        let thread = Thread { [self] in writeLoop() }
        thread.name = "log-\(name)"
        thread.start()
    }

    /// Queues one line (a newline is added); false when it was dropped (the buffer is full).
    @discardableResult
    func append(_ line: String) -> Bool { queue(line.utf8) }

    /// `append(_:)` of a line's UTF-8 bytes (no newline) written in place (`ThreadScratch.write`),
    /// with no String made for it: one copy into the buffer.
    @discardableResult
    func append(_ line: UnsafeBufferPointer<UInt8>) -> Bool { queue(line) }

    private func queue<Bytes: Collection<UInt8>>(_ line: Bytes) -> Bool {
        let size = line.count + 1
        condition.lock()
        defer { condition.unlock() }
        guard ends.count < capacityLines, pending.count + size <= capacityBytes else {
            dropped += 1
            droppedSinceNotice += 1
            return false
        }
        pending.append(contentsOf: line)
        pending.append(0x0A)
        ends.append(pending.count)
        // The writer looks every `Self.tick` by itself: a request never wakes it (a wake-up
        // handed the core to the writer in the middle of answering). Only a filling buffer does.
        if idle && ends.count >= capacityLines / 2 { condition.signal() }
        return true
    }

    /// The last write succeeded and the buffer has room: a line appended now will be written.
    var healthy: Bool {
        condition.withLock { !lastWriteFailed && ends.count < capacityLines && pending.count < capacityBytes }
    }

    var counts: (dropped: Int, failedWrites: Int) { condition.withLock { (dropped, failedWrites) } }

    /// A batch is being written now (tests of `replace`).
    var isWriting: Bool { condition.withLock { writing } }

    /// Writes to another descriptor from the next line on (SIGHUP's reopen); the old one is closed.
    ///
    /// Not while a batch is being written to it: the kernel hands a closed descriptor's number
    /// to the next `accept`, and the writer's batch would then land in a client's connection.
    /// The writer closes it after that batch instead.
    func replace(fd fresh: Int32) {
        let old = condition.withLock { () -> Int32? in
            let old = fd
            fd = fresh
            guard writing else { return old }
            retired.append(old)
            return nil
        }
        if let old, old > 2 { close(old) }
    }

    /// Waits until every buffered line is written, at most `seconds` (a stopping server).
    func flush(within seconds: Double) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        condition.lock()
        while (!ends.isEmpty || writing) && DispatchTime.now().uptimeNanoseconds < deadline {
            _ = condition.wait(until: Clock.conditionDeadline(after: 0.01))
        }
        condition.unlock()
    }

    private func writeLoop() {
        while true {
            condition.lock()
            // A tick between batches (a burst's lines share one write), sooner only when the
            // buffer is half full; then as long as it takes for a line to come.
            idle = true
            if ends.count < capacityLines / 2 { _ = condition.wait(until: Clock.conditionDeadline(after: Self.tick)) }
            while ends.isEmpty { _ = condition.wait(until: Clock.conditionDeadline(after: Self.tick)) }
            idle = false
            var batch = pending, batchEnds = ends
            let target = fd
            pending = spare
            ends = spareEnds
            writing = true
            condition.unlock()
            let failed = Self.write(batch, ends: batchEnds, to: target)
            batch.removeAll(keepingCapacity: true)
            batchEnds.removeAll(keepingCapacity: true)
            condition.lock()
            (spare, spareEnds) = (batch, batchEnds)
            writing = false
            lastWriteFailed = failed > 0
            failedWrites += failed
            dropped += failed
            droppedSinceNotice += failed
            let now = DispatchTime.now().uptimeNanoseconds
            var notice: String?
            if droppedSinceNotice > 0 && (lastNotice == 0 || now - lastNotice >= 10_000_000_000) {
                notice = "calpolicy-serve: \(name) log: \(droppedSinceNotice) line(s) dropped (the sink is slow, full or failing; "
                    + "calpolicy_log_lines_dropped_total counts them)"
                droppedSinceNotice = 0
                lastNotice = now
            }
            let done = retired
            retired = []
            condition.broadcast()
            condition.unlock()
            for old in done where old > 2 { close(old) }
            if let notice { (notices ?? self).append(notice) }
        }
    }

    /// How often the writer looks for lines when it has none: a line waits at most this long
    /// (and a stopping server's flush as long) before it is written.
    static let tick = 0.002

    /// The batch's lines in one piece (one `write` for a burst of answers, not one per line);
    /// returns how many lines were not written whole (an error drops the rest).
    private static func write(_ batch: [UInt8], ends: [Int], to fd: Int32) -> Int {
        let written = DescriptorWrite.all(batch, to: fd)
        if written == batch.count { return 0 }
        return ends.count - ends.prefix { $0 <= written }.count
    }
}
