import CalendarData
import CalendarCore
import CalPolicyRequests
import Foundation
import Glibc
import PolicyEngine
import Rendering

/// One loaded version of a named stack: its files' texts and digests, and a small pool of
/// identical policy sets. A Lua state is never entered by two threads (each `LuaPolicy`
/// has its lock), so requests in parallel each lease a set of their own: no global lock.
final class StackVersion: @unchecked Sendable {
    let name: String
    let paths: [String]
    let sources: [[UInt8]]
    let digests: [String]
    /// The files' keys when last looked at (a refused reload moves them on, the policies stay).
    private(set) var keys: [FileKey?]
    /// The bundle revision these files came from (`X-Policy-Revision`), nil for plain files.
    private var revisionLabel: String?
    let loadedAt: Date
    /// Short id over the digests: `X-Policy-Version`, ETags, cache keys.
    let version: String
    private let condition = NSCondition()
    private var free: [[any DayPolicy]]
    private let loader: @Sendable () throws(RequestFailure) -> [any DayPolicy]
    /// The memory all of this version's Lua states share (`StackLoader.stackMemory`).
    let memory: StackMemory
    /// The last day each policy's data or declared coverage reaches (`CoverageSpan`), nil where
    /// it never runs out: `/v1/status` and `calpolicy_policy_data_ends_days` count down to it.
    let dataEnds: [Day?]
    /// Whether an overlay compares this stack by the instant: a policy with hours, or with a zone
    /// of its own (`OverlayUseCase.needsClosedTime`).
    let inClosedTime: Bool
    /// Each policy's name and `overridable`: overrides are held against them without leasing a set.
    let overridable: [OverrideReview.Policy]

    init(name: String, paths: [String], sources: [[UInt8]], keys: [FileKey?], sets: [[any DayPolicy]],
         memory: StackMemory, loader: @escaping @Sendable () throws(RequestFailure) -> [any DayPolicy]) {
        self.memory = memory
        self.name = name
        self.paths = paths
        self.sources = sources
        self.keys = keys
        self.digests = sources.map(SHA256.hex)
        self.loadedAt = Clock.date()
        self.version = Self.id(of: sources)
        self.free = sets
        self.loader = loader
        self.dataEnds = sets.first.map { $0.map { CoverageSpan.of($0)?.to } } ?? paths.map { _ in nil }
        self.inClosedTime = sets.first?.contains { $0.definesHours || $0.zone != nil } ?? false
        self.overridable = sets.first.map { $0.map(OverrideReview.Policy.init) } ?? []
    }

    /// Short id over the texts' digests (`version`): a reload compares it before building anything.
    static func id(of sources: [[UInt8]]) -> String { StackDigest.version(of: sources) }

    /// This version, answering as before, with the file keys of a later look.
    func withKeys(_ keys: [FileKey?]) -> StackVersion {
        condition.lock()
        self.keys = keys
        condition.unlock()
        return self
    }

    var revision: String? {
        condition.lock()
        defer { condition.unlock() }
        return revisionLabel
    }

    func setRevision(_ revision: String?) {
        condition.lock()
        revisionLabel = revision
        condition.unlock()
    }

    /// A set of policies no other request is using; waits while all are busy, at most until
    /// `deadline` (`DispatchTime` ns; nil past it). The stack's workers are as many as its sets,
    /// so a worker waits only while a retired set is being replaced.
    func lease(until deadline: UInt64) -> [any DayPolicy]? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            _ = condition.wait(until: Clock.conditionDeadline(after: Double(deadline - now) / 1e9))
        }
        return free.removeLast()
    }

    func giveBack(_ set: [any DayPolicy]) {
        condition.lock()
        free.append(set)
        condition.signal()
        condition.unlock()
    }

    /// A set whose thread is stuck inside C is never used again: a fresh one takes its place.
    func replaceRetired() {
        Thread.detachNewThread { [self] in
            if let set = try? loader() { giveBack(set) }
        }
    }
}

/// Loads stacks: every policy of a version, in as many sets as the pool holds.
struct StackLoader: Sendable {
    let verbose: Bool
    let fixedToday: Day?
    let poolSize: Int
    let gateTests: Bool
    /// Bytes every Lua state of one stack version may hold together: the pooled policy sets
    /// (--stack-workers) and their replacements share it; each state keeps its own cap
    /// (64 MiB) too, so one request's memory bomb stops at that cap and a version's sets
    /// together cannot pass this. A new version gets its own budget. The budget grows with the
    /// stack (`memoryBudget`): a bundle of a thousand policies must fit as one policy does.
    static let stackMemory = 256 << 20
    /// What each Lua state of a stack adds to the budget: two of the pool's 256 KiB chunks (a
    /// small policy holds one).
    static let memoryPerState = 512 << 10

    /// 256 MiB of headroom plus `memoryPerState` for every state the version may hold: its
    /// `luaPolicies` in each of `sets` pooled sets and one replacement set.
    static func memoryBudget(luaPolicies: Int, sets: Int) -> Int {
        stackMemory + luaPolicies * (max(1, sets) + 1) * memoryPerState
    }

    struct Refusal: Error {
        var message: String

        init(message: String) { self.message = message }

        /// A stack that cannot load, in the words of the server's log and `/v1/status`.
        init(_ failure: RequestFailure) {
            switch failure {
            case .request(let error): message = error.message(.commandLine)
            case .badPolicyPath(let path, let problem), .policyFile(let path, let problem): message = "\(path): \(problem)"
            case .policy(let error): message = TerminalText.escape(error.description)
            case .refused(_, let detail): message = detail
            case .noBusinessDay, .noCommonOpen: message = failure.noDayMessage ?? ""
            }
        }
    }

    /// A stack's files as read: their texts, their keys, and the version id the texts make.
    struct Files: Sendable {
        var sources: [[UInt8]]
        var keys: [FileKey?]
        var version: String { StackVersion.id(of: sources) }
    }

    /// Reads every file of a stack (no Lua): what a reload compares with the live version
    /// before it builds anything.
    func read(paths: [String]) -> Result<Files, Refusal> {
        var files = Files(sources: [], keys: [])
        for path in paths {
            // A built-in reference (`holidays:DE-BE`) has no file: its text stands for its source.
            if BuiltInReference.isReference(path) {
                files.keys.append(nil)
                files.sources.append(Array(path.utf8))
                continue
            }
            files.keys.append(FileKey.of(path))
            do { files.sources.append(try PolicySources.read(path)) } catch {
                return .failure(Refusal(error))
            }
        }
        return .success(files)
    }

    func load(name: String, paths: [String]) -> Result<StackVersion, Refusal> {
        read(paths: paths).flatMap { load(name: name, paths: paths, files: $0) }
    }

    /// Builds a version from `files`. Each pooled set's load and the sample days are a run with
    /// the limits of an eval run (`RunLimits()`: 5 s, 256 MiB; the gate tests keep their 30 s),
    /// so a slow candidate costs its budget and no more. `candidate` (a reload) also has the new
    /// version answer its sample days before it may go live (`StackSample`), and can be
    /// abandoned: a newer edit stops its runs and the load ends at its next step.
    func load(name: String, paths: [String], files: Files, candidate: LoadCancel? = nil) -> Result<StackVersion, Refusal> {
        let verbose = self.verbose
        // What `cal.today()` answers while the file loads (requests carry their own today).
        let today = fixedToday ?? Clock.local.today()
        let frozen = files.sources
        let luaPolicies = paths.filter { !BuiltInReference.isReference($0) }.count
        let memory = StackMemory(limit: Self.memoryBudget(luaPolicies: luaPolicies, sets: poolSize))
        let build: @Sendable (LoadCancel?) throws(RequestFailure) -> [any DayPolicy] = {
            (cancel: LoadCancel?) throws(RequestFailure) -> [any DayPolicy] in
            // Loads run under a guard of their own: a policy that loops while loading is stopped.
            let run = PolicyRun(limits: RunLimits(), onStuck: { line in
                ServerEvent.log("stuck", "calpolicy-serve: loading stuck: \(line)")
            })
            let entered = cancel?.enter(run) ?? true
            defer { cancel?.leave(run) }
            guard entered else { throw .policyFile(path: name, problem: LoadCancel.message) }
            return try run.perform { () throws(RequestFailure) -> [any DayPolicy] in
                var set: [any DayPolicy] = []
                for (path, source) in zip(paths, frozen) {
                    if cancel?.isCancelled == true { throw .policyFile(path: path, problem: LoadCancel.message) }
                    if BuiltInReference.isReference(path) {
                        set.append(try BuiltInReference.policy(path))
                        continue
                    }
                    var options = PolicySources.options(today: today, print: PolicyPrintLine.handler(verbose: verbose))
                    options.share(memory)
                    set.append(try PolicySources.load(path, source: source, options: options))
                }
                return set
            }
        }
        var sets: [[any DayPolicy]] = []
        do {
            sets.append(try build(candidate))
        } catch {
            return .failure(Refusal(error))
        }
        if let candidate, let problem = StackSample.problem(sets[0], today: today, cancel: candidate) {
            return .failure(Refusal(message: problem))
        }
        if gateTests, let problem = testProblem(paths, cancel: candidate) {
            return .failure(Refusal(message: problem))
        }
        do {
            for _ in 1..<max(1, poolSize) { sets.append(try build(candidate)) }
        } catch {
            return .failure(Refusal(error))
        }
        if candidate?.isCancelled == true { return .failure(Refusal(message: LoadCancel.message)) }
        return .success(StackVersion(name: name, paths: paths, sources: files.sources, keys: files.keys, sets: sets,
                                     memory: memory, loader: { () throws(RequestFailure) -> [any DayPolicy] in
                                         try build(nil)
                                     }))
    }

    /// `--gate-tests`: the `NAME_test.lua` beside each policy must pass.
    func testProblem(_ paths: [String], cancel: LoadCancel? = nil) -> String? {
        let tests = paths.compactMap { path -> String? in
            guard path.hasSuffix(".lua") else { return nil }
            let test = String(path.dropLast(4)) + PolicyTestDiscovery.testSuffix
            return access(test, R_OK) == 0 ? test : nil
        }
        guard !tests.isEmpty else { return nil }
        let run = PolicyRun(limits: RunLimits(deadline: 30), onStuck: { _ in })
        guard cancel?.enter(run) ?? true else { return LoadCancel.message }
        defer { cancel?.leave(run) }
        do {
            let report = try run.perform { () throws(PolicyError) -> PolicyTestReport in try PolicyTestRunner.run(tests) }
            guard report.failedCount == 0 else {
                let failed = report.results.filter { !$0.passed }.map { "\($0.file): \($0.name)" }
                return "policy tests failed (\(report.failedCount)): " + failed.prefix(3).joined(separator: "; ")
            }
            return nil
        } catch {
            return "policy tests could not run: \(error.description)"
        }
    }
}
