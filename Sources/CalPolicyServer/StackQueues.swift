import Foundation

/// Each stack's own workers and bounded queue, so one tenant's slow policies only ever wait
/// on themselves: a request for stack A is answered by A's workers (as many as A's pool of
/// policy sets), queues behind A's requests only, and never holds a thread that answers
/// stack B, `/health`, `/ready`, `/metrics` or `/v1/status` (those are answered on the
/// polling thread and never wait for a policy).
///
/// Every job carries the request's deadline, which counts from its arrival: a job still
/// queued at its deadline is refused then (a reaper looks every 20 ms), and a worker gives a
/// job only what is left of it. A full queue refuses at once.
final class StackQueues: @unchecked Sendable {
    enum Refusal: Sendable { case full, expired, stopping }

    struct Job {
        /// `DispatchTime` nanoseconds.
        let deadline: UInt64
        /// Runs on a worker; true when the worker must retire (its Lua got stuck inside C and
        /// a fresh worker has already taken its place).
        let run: () -> Bool
        let refuse: (Refusal) -> Void
    }

    final class Queue: @unchecked Sendable {
        let name: String
        let depth: Int
        let condition = NSCondition()
        var jobs: [Job] = []
        var busy = 0
        var refusals = 0
        var stopping = false

        init(name: String, depth: Int) {
            self.name = name
            self.depth = depth
        }

        func work() {
            while true {
                condition.lock()
                while jobs.isEmpty && !stopping { condition.wait() }
                if stopping && jobs.isEmpty { condition.unlock(); return }
                let job = jobs.removeFirst()
                busy += 1
                condition.unlock()
                let retire: Bool
                if DispatchTime.now().uptimeNanoseconds >= job.deadline {
                    job.refuse(.expired)
                    retire = false
                } else {
                    retire = job.run()
                }
                condition.lock()
                busy -= 1
                condition.unlock()
                if retire { return }
            }
        }
    }

    private let queues: [String: Queue]
    private let order: [String]
    let workers: Int
    private let running = StuckFlag()

    init(stacks: [String], workers: Int, depth: Int) {
        self.workers = workers
        order = stacks
        var queues: [String: Queue] = [:]
        for name in stacks { queues[name] = Queue(name: name, depth: depth) }
        self.queues = queues
        for queue in queues.values {
            for _ in 0..<workers { Self.spawn(queue) }
        }
        Thread.detachNewThread { [self] in reap() }
    }

    private static func spawn(_ queue: Queue) {
        let thread = Thread { queue.work() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Queues `job` for `stack`'s workers, or refuses it at once when the queue is full.
    func submit(_ stack: String, _ job: Job) {
        guard let queue = queues[stack] else { job.refuse(.stopping); return }
        queue.condition.lock()
        if queue.stopping || queue.jobs.count >= queue.depth {
            let stopping = queue.stopping
            queue.refusals += 1
            queue.condition.unlock()
            job.refuse(stopping ? .stopping : .full)
            return
        }
        queue.jobs.append(job)
        queue.condition.signal()
        queue.condition.unlock()
    }

    /// A worker is stuck inside C (the run's grace passed): another takes its place now.
    func replaceWorker(_ stack: String) {
        if let queue = queues[stack] { Self.spawn(queue) }
    }

    /// Per stack: jobs waiting, jobs being run, jobs refused because the queue was full.
    func lengths() -> [(stack: String, queued: Int, busy: Int, refused: Int)] {
        order.compactMap { name in
            queues[name].map { queue in
                queue.condition.withLock { (name, queue.jobs.count, queue.busy, queue.refusals) }
            }
        }
    }

    /// A stopping server: every queued job is refused now and no new one is taken.
    func stop() {
        running.set()
        for queue in queues.values {
            queue.condition.lock()
            queue.stopping = true
            let jobs = queue.jobs
            queue.jobs = []
            queue.condition.broadcast()
            queue.condition.unlock()
            for job in jobs { job.refuse(.stopping) }
        }
    }

    /// Refuses queued jobs at their deadline, not when a worker frees up.
    private func reap() {
        while !running.isSet {
            usleep(20_000)
            let now = DispatchTime.now().uptimeNanoseconds
            for queue in queues.values {
                queue.condition.lock()
                let expired = queue.jobs.filter { $0.deadline <= now }
                if !expired.isEmpty { queue.jobs.removeAll { $0.deadline <= now } }
                queue.condition.unlock()
                for job in expired { job.refuse(.expired) }
            }
        }
    }
}
