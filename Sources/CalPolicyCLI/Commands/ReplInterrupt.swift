import Foundation
import Glibc
import PolicyEngine
import Synchronization

/// Ctrl-C at `calpolicy repl`: the answer running is stopped through its `PolicyRun` (the
/// engine's own interrupt, as its deadline would: Lua stops at its next instruction and the
/// answer ends with an error line), and the session goes on. The signal handler only sets a
/// flag; a thread of this type's passes it to the run, since a handler may not take locks.
enum ReplInterrupt {
    static let pending = Atomic<Bool>(false)
    static let current = Mutex<PolicyRun?>(nil)
    static let reason = "interrupted (Ctrl-C); the answer was cancelled"

    static func install() {
        pending.store(false, ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ReplInterrupt.pending.store(true, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0  // no SA_RESTART: a read at the prompt returns, so the line is dropped
        sigaction(SIGINT, &action, nil)
        Thread.detachNewThread {
            while true {
                usleep(20_000)
                guard pending.load(ordering: .relaxed) else { continue }
                if let run = current.withLock({ $0 }) {
                    pending.store(false, ordering: .relaxed)
                    run.stop(reason: reason)
                }
            }
        }
    }

    /// Runs `body` as the answer Ctrl-C stops (a Ctrl-C typed before it does not count).
    static func answering<T>(_ body: (_ started: @escaping (PolicyRun) -> Void) -> T) -> T {
        pending.store(false, ordering: .relaxed)
        defer { current.withLock { $0 = nil } }
        return body { run in current.withLock { $0 = run } }
    }

    /// Whether a Ctrl-C came since the last look (at the prompt: drop the line), clearing it.
    static func take() -> Bool { pending.exchange(false, ordering: .relaxed) }
}
