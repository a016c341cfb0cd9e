import CalendarCore
import Foundation
import PolicyEngine
import Synchronization
import Testing

/// Many threads evaluate a `PolicySet` while one thread rewrites and reloads its files, some edits
/// broken, for a fixed number of rounds. Every answer must come whole from one good version, versions
/// seen by a thread never go back, and a broken edit leaves the last good version serving.
@Suite struct ReloadUnderLoadTests {
    /// What the evaluating threads and the reloading loop share. The sets and lists sit behind
    /// an NSLock (a pthread mutex ThreadSanitizer models): Synchronization's Mutex waits on a
    /// futex TSan does not see, so its guarded `inout` accesses are reported as races.
    final class Shared: Sendable {
        let goodVersions = Locked<Set<Int>>([0])
        let problems = Locked<[String]>([])
        let answers = Atomic<Int>(0)
        let done = Atomic<Bool>(false)
        let seen = Locked<Set<Int>>([])
    }

    /// A value behind an NSLock.
    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Value
        init(_ value: Value) { self.value = value }
        func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }

    static let rounds = 36
    static let evaluators = 4
    static let month = (0..<31).map { Day(dayNumber: 20_788 + $0) }  // 2026-12

    /// Version `n` of the edited policy: its reason and label carry `n` from two separate constants,
    /// so an answer mixing two loads would show two numbers.
    static func good(_ n: Int) -> String {
        """
        local A = \(n)
        local B = \(n)
        local seen = 0
        return {
            canSelect = function(day, selection)
                seen = seen + 1
                if day.day % 5 == 0 then return false, "v" .. A .. "/v" .. B end
                return true
            end,
            decorationFor = function(day) return { kind = "default", label = "v" .. B } end,
        }
        """
    }

    /// Broken edits of every kind a reload must survive.
    static func broken(_ n: Int) -> String {
        switch n % 3 {
        case 0: return "return { canSelect = function(day) return day. end }  -- v\(n) syntax error"
        case 1: return "error('v\(n) fails while loading')"
        default: return "local t = {} while true do t[#t % 64 + 1] = 'v\(n)' end"
        }
    }

    static func version(in text: String?) -> Int? {
        guard let text, text.hasPrefix("v"), let n = Int(text.dropFirst()) else { return nil }
        return n
    }

    @Test func evaluationsDuringReloadsSeeWholeGoodVersions() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("reload-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let edited = folder.appendingPathComponent("edited.lua")
        let steady = folder.appendingPathComponent("steady.lua")
        try Self.good(0).write(to: edited, atomically: false, encoding: .utf8)
        try "return { canDeselect = function(day) return day.weekday ~= 4, 'thursday' end }"
            .write(to: steady, atomically: false, encoding: .utf8)
        var options = LuaPolicyOptions()
        options.loadBudget = 5_000_000
        let set = try PolicySet(paths: [edited.path, steady.path], options: options)

        // Held by a class the threads share: a noncopyable Mutex captured as a local by several
        // escaping closures is reported by ThreadSanitizer as a Swift access race.
        let shared = Shared()
        @Sendable func report(_ problem: String) { shared.problems.withLock { if $0.count < 20 { $0.append(problem) } } }

        // Evaluators on threads of their own (a thread pool of two cores would run them in turns).
        let finished = DispatchSemaphore(value: 0)
        for worker in 1...Self.evaluators {
            Thread {
                defer { finished.signal() }
                var newest = 0
                while !shared.done.load(ordering: .acquiring) {
                    let stack = set.stack
                    let context = PolicyContext()
                    for day in Self.month {
                        do {
                            let decision = try stack.canSelect(day, context: context)
                            let label = try stack.decoration(for: day, context: context)?.decoration.label
                            guard let n = Self.version(in: label) else {
                                report("worker \(worker): \(day.iso) has no version label: \(label ?? "nil")")
                                continue
                            }
                            if day.day % 5 == 0 {
                                let reason = decision.verdict.reason ?? ""
                                if reason != "v\(n)/v\(n)" { report("worker \(worker): \(day.iso) torn answer '\(reason)' with label v\(n)") }
                            } else if !decision.isAllowed {
                                report("worker \(worker): \(day.iso) denied: \(decision.verdict.reason ?? "")")
                            }
                            if !shared.goodVersions.withLock({ $0.contains(n) }) { report("worker \(worker): answer from broken v\(n)") }
                            if n < newest { report("worker \(worker): went back from v\(newest) to v\(n)") }
                            if n > newest { shared.seen.withLock { _ = $0.insert(n) } }
                            newest = max(newest, n)
                            shared.answers.add(1, ordering: .relaxed)
                        } catch {
                            report("worker \(worker): \(day.iso) threw \(error)")
                        }
                    }
                }
            }.start()
        }

        do {
            defer { shared.done.store(true, ordering: .releasing) }
            // Start editing only once every evaluator is answering, so the two overlap.
            while shared.answers.load(ordering: .relaxed) < Self.evaluators * Self.month.count,
                  shared.problems.withLock({ $0.isEmpty }) {}
            var lastGood = 0
            for round in 1...Self.rounds {
                let isBroken = round % 3 == 0
                if !isBroken { shared.goodVersions.withLock { _ = $0.insert(round) } }
                do {
                    try (isBroken ? Self.broken(round) : Self.good(round))
                        .write(to: edited, atomically: false, encoding: .utf8)
                } catch {
                    report("round \(round): cannot write the policy: \(error)")
                    break
                }
                let errors = set.reload()
                if isBroken != (errors.count == 1) {
                    report("round \(round): reload reported \(errors.count) errors for a \(isBroken ? "broken" : "good") edit")
                }
                if let error = errors.first, error.file != edited.path {
                    report("round \(round): the reload error names '\(error.file)'")
                }
                if !isBroken { lastGood = round }
                let serving = try? set.stack.decoration(for: Self.month[0], context: PolicyContext())
                if Self.version(in: serving?.decoration.label) != lastGood {
                    report("round \(round): serving \(serving?.decoration.label ?? "nothing"), expected v\(lastGood)")
                }
            }
        }
        for _ in 1...Self.evaluators { finished.wait() }

        #expect(shared.problems.withLock { $0 } == [])
        #expect(shared.answers.load(ordering: .relaxed) > Self.evaluators * Self.month.count, "too few evaluations to mean anything")
        #expect(shared.seen.withLock { $0.count } >= 2, "evaluators never saw a reload happen")
        let final = try set.stack.decoration(for: Self.month[0], context: PolicyContext())
        #expect(final?.decoration.label == "v\(Self.rounds - 1)", "the last good version must be serving")
    }
}
