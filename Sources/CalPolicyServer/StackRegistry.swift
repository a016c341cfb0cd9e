import CalendarData
import Foundation

/// The stacks a server answers for. Each name points at its live version; a reload builds a
/// whole new version aside and swaps the pointer, so a request sees one version throughout
/// and a refused reload leaves the last good version answering.
///
/// A reload is a candidate built on a thread of its own, never on the thread that asks for it
/// (the housekeeping loop, whose turning the systemd watchdog pings stand for, or the signal
/// loop): a slow candidate costs its own run budget and nothing else. A newer edit of the same
/// stack abandons the candidate still building (`LoadCancel`) and starts its own at once; only
/// the newest candidate of a stack may go live or be reported.
final class StackRegistry: @unchecked Sendable {
    struct Attempt: Sendable {
        var at: Date
        /// `loaded`, `unchanged` or `refused`.
        var result: String
        var error: String?
    }

    /// A version being built aside: the files' keys it was started for, and what abandons it.
    struct Candidate {
        let number: Int
        let keys: [FileKey?]
        let cancel: LoadCancel
    }

    final class Slot: @unchecked Sendable {
        let name: String
        /// The files a candidate reads; a bundle's activation points them at its revision's copy.
        var paths: [String]
        /// The bundle revision the next candidate carries into its version (nil: plain files).
        var revision: String?
        var live: StackVersion
        var lastAttempt: Attempt?
        var candidate: Candidate?
        var candidates = 0
        /// Candidate threads of this stack still running, abandoned ones included.
        var running = 0
        init(name: String, paths: [String], live: StackVersion) {
            self.name = name
            self.paths = paths
            self.live = live
        }
    }

    private let lock = NSLock()
    private var slots: [Slot]
    /// Candidate threads a stack may have running before a poll stops starting more (a forced
    /// reload always starts one).
    static let maxRunning = 4
    let loader: StackLoader
    /// Called after a version goes live (the response cache empties).
    var onSwap: @Sendable () -> Void = {}
    let metrics: Metrics

    init(slots: [Slot], loader: StackLoader, metrics: Metrics) {
        self.slots = slots
        self.loader = loader
        self.metrics = metrics
    }

    var names: [String] { lock.withLock { slots.map(\.name) } }
    var defaultName: String { lock.withLock { slots[0].name } }

    func version(_ name: String) -> StackVersion? {
        lock.withLock { slots.first { $0.name == name }?.live }
    }

    func snapshot() -> [(name: String, live: StackVersion, attempt: Attempt?)] {
        lock.withLock { slots.map { ($0.name, $0.live, $0.lastAttempt) } }
    }

    /// Stacks with a candidate building now.
    var building: [String] { lock.withLock { slots.filter { $0.candidate != nil }.map(\.name) } }

    /// Reloads each stack whose files changed (every stack when `force`) and returns once each
    /// candidate it started has gone live, been refused, or been superseded.
    func reload(force: Bool, why: String) {
        let group = DispatchGroup()
        startReload(force: force, why: why, group: group)
        group.wait()
    }

    /// Starts a candidate for each stack whose files changed since its live version or its
    /// building candidate (every stack when `force`), and returns at once: only `stat` calls
    /// here, no file read and no policy work.
    func startReload(force: Bool, why: String, group: DispatchGroup? = nil) {
        for slot in lock.withLock({ slots }) {
            let keys = lock.withLock { slot.paths }.map(FileKey.of)
            let started: Candidate? = lock.withLock {
                if !force {
                    if keys == slot.live.keys {
                        // Back to the live files: a candidate of other files is moot.
                        if let old = slot.candidate {
                            old.cancel.cancel()
                            slot.candidate = nil
                            slot.candidates += 1
                        }
                        return nil
                    }
                    if let building = slot.candidate, building.keys == keys { return nil }
                    // Abandoned candidates stuck outside Lua finish on their own threads; past
                    // a few of them a file edited over and over waits for the next poll.
                    if slot.running >= Self.maxRunning { return nil }
                }
                slot.candidate?.cancel.cancel()
                slot.candidates += 1
                let candidate = Candidate(number: slot.candidates, keys: keys, cancel: LoadCancel())
                slot.candidate = candidate
                slot.running += 1
                return candidate
            }
            guard let started else { continue }
            group?.enter()
            let thread = Thread { [self] in
                build(slot, started, why: why)
                lock.withLock { slot.running -= 1 }
                group?.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Builds `candidate` and, when it is still the stack's newest, makes it live or reports why not.
    private func build(_ slot: Slot, _ candidate: Candidate, why: String) {
        let started = Clock.date()
        let buildStart = DispatchTime.now().uptimeNanoseconds
        let (live, paths, revision) = lock.withLock { (slot.live, slot.paths, slot.revision) }
        var keys = candidate.keys
        var loaded: Result<StackVersion, StackLoader.Refusal>?
        switch loader.read(paths: paths) {
        case .failure(let refusal): loaded = .failure(refusal)
        case .success(let files):
            keys = files.keys
            // Same text: no Lua runs, the live version (its pool warm) keeps answering.
            if files.version != live.version {
                loaded = loader.load(name: slot.name, paths: paths, files: files, candidate: candidate.cancel)
            } else if revision != live.revision, loader.gateTests,
                      let problem = loader.testProblem(paths, cancel: candidate.cancel) {
                // A new bundle revision with the same policies may still bring other tests: with
                // --gate-tests they must pass before its label goes live.
                loaded = .failure(StackLoader.Refusal(message: problem))
            }
        }
        let built = DispatchTime.now().uptimeNanoseconds
        // Only the newest candidate of the stack lands; the swap happens under the lock.
        let current = lock.withLock { () -> Bool in
            guard slot.candidate?.number == candidate.number else { return false }
            slot.candidate = nil
            switch loaded {
            case nil:
                slot.lastAttempt = Attempt(at: started, result: "unchanged")
                slot.live = StackVersion.rekeyed(slot.live, keys: keys)
                // The same texts under a new bundle revision: the answers stay, the label moves.
                slot.live.setRevision(revision)
            case .success(let version)?:
                version.setRevision(revision)
                slot.live = version
                slot.lastAttempt = Attempt(at: started, result: "loaded")
            case .failure(let refusal)?:
                slot.lastAttempt = Attempt(at: started, result: "refused", error: refusal.message)
                // Do not retry the same broken files every poll.
                slot.live = StackVersion.rekeyed(slot.live, keys: keys)
            }
            return true
        }
        guard current else {
            metrics.reload(stack: slot.name, result: "superseded")
            ServerEvent.log("reload_superseded", "calpolicy-serve: stack '\(slot.name)': a reload (\(why)) was abandoned for a newer edit",
                            [("stack", LogJSON.text(slot.name)), ("why", LogJSON.text(why))])
            return
        }
        switch loaded {
        case nil:
            metrics.reload(stack: slot.name, result: "unchanged")
            // A reload an operator asked for (`systemctl reload`, SIGHUP) is answered in the log
            // even when nothing changed, so they can see it was taken.
            ServerEvent.log("reload_unchanged", "calpolicy-serve: stack '\(slot.name)': reload (\(why)): files unchanged, "
                + "version \(live.version) keeps answering",
                [("stack", LogJSON.text(slot.name)), ("why", LogJSON.text(why)), ("version", .string(live.version))])
        case .success(let version)?:
            // The pointer moved; the response cache empties: requests from here on see the new version.
            let swapStart = DispatchTime.now().uptimeNanoseconds
            onSwap()
            let swapped = DispatchTime.now().uptimeNanoseconds
            let buildSeconds = Double(built - buildStart) / 1e9
            let swapSeconds = Double(swapped - swapStart) / 1e9
            metrics.reload(stack: slot.name, result: "loaded")
            metrics.reloadTimes(build: buildSeconds, swap: swapSeconds)
            ServerEvent.log("reloaded", "calpolicy-serve: stack '\(slot.name)' reloaded (\(why)): version \(version.version)"
                + String(format: " (built in %.2f ms, swapped in %.3f ms)", buildSeconds * 1000, swapSeconds * 1000),
                [("stack", LogJSON.text(slot.name)), ("why", LogJSON.text(why)), ("version", .string(version.version)),
                 ("buildUs", .int(Int(buildSeconds * 1e6))), ("swapUs", .int(Int(swapSeconds * 1e6)))])
        case .failure(let refusal)?:
            metrics.reload(stack: slot.name, result: "refused")
            ServerEvent.log("reload_refused",
                            "calpolicy-serve: stack '\(slot.name)' reload refused (\(why)); version \(live.version) keeps answering: \(refusal.message)",
                            [("stack", LogJSON.text(slot.name)), ("why", LogJSON.text(why)),
                             ("version", .string(live.version)), ("error", LogJSON.text(refusal.message))])
        }
    }
}

extension StackRegistry {
    /// Points each named stack at new files (a bundle revision's copy, labelled `revision`),
    /// reloads them through the path `--watch` and SIGHUP take (candidate, sample days, tests
    /// with `--gate-tests`, swap, the cache emptied) and waits. Nil when every stack went live
    /// or was unchanged; else the first refusal, every stack pointed back at its former files
    /// and revision (the versions answering were never replaced by a refused candidate; a stack
    /// that did go live is reloaded from its former files).
    func activate(_ stacks: [(name: String, paths: [String])], revision: String, why: String) -> String? {
        var former: [(Slot, [String], String?)] = []
        lock.withLock {
            for (name, paths) in stacks {
                guard let slot = slots.first(where: { $0.name == name }) else { continue }
                former.append((slot, slot.paths, slot.revision))
                slot.paths = paths
                slot.revision = revision
            }
        }
        reload(force: true, why: why)
        let refusal = lock.withLock { () -> String? in
            for (slot, _, _) in former {
                if let attempt = slot.lastAttempt, attempt.result == "refused" {
                    return "stack '\(slot.name)': " + (attempt.error ?? "refused")
                }
            }
            return nil
        }
        guard let refusal else { return nil }
        let wentLive = lock.withLock { former.contains { $0.0.lastAttempt?.result != "refused" } }
        lock.withLock {
            for (slot, paths, revision) in former {
                slot.paths = paths
                slot.revision = revision
            }
        }
        if wentLive { reload(force: true, why: "bundle refused; back to revision \(former.first?.2 ?? "none")") }
        return refusal
    }

    /// Labels every stack's live version (and its next candidates) with `revision`: the
    /// persisted bundle a start loaded.
    func label(revision: String) {
        lock.withLock {
            for slot in slots {
                slot.revision = revision
                slot.live.setRevision(revision)
            }
        }
    }

    /// The names of the stacks served.
    var stackNames: Set<String> { Set(names) }
}

extension StackVersion {
    /// The same loaded version, remembering other file keys (so a poll does not retry them).
    static func rekeyed(_ version: StackVersion, keys: [FileKey?]) -> StackVersion {
        version.keys == keys ? version : version.withKeys(keys)
    }
}
