import Foundation
import Glibc
import Synchronization

/// systemd's readiness protocol (sd_notify(3)), without libsystemd: one datagram of
/// `KEY=VALUE` lines to the AF_UNIX socket named by `$NOTIFY_SOCKET` (a path, or `@name` for
/// the abstract namespace). Without the variable every call does nothing, so the server runs
/// the same outside systemd. `Type=notify` units wait for `READY=1`; `WatchdogSec=` units
/// want `WATCHDOG=1` more often than `$WATCHDOG_USEC`.
public enum SystemdNotify {
    /// Sends `state` (`READY=1`, `WATCHDOG=1`, `STOPPING=1`, ...); true when the datagram went out.
    @discardableResult
    public static func send(_ state: String) -> Bool {
        guard let variable = getenv("NOTIFY_SOCKET") else { return false }
        var path = Array(String(cString: variable).utf8)
        guard let first = path.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@") else { return false }
        if first == UInt8(ascii: "@") { path[0] = 0 }
        var address = sockaddr_un()
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let socketFD = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { return false }
        defer { close(socketFD) }
        let message = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                message.withUnsafeBytes { sendto(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), socketAddress, length) }
            }
        }
        return sent == message.count
    }

    /// `READY=1` with the listening line as the unit's status.
    public static func ready(status: String) {
        send("READY=1\nSTATUS=\(status)\nMAINPID=\(getpid())")
    }

    /// The watchdog of this process, when systemd armed one (`$WATCHDOG_USEC`, and
    /// `$WATCHDOG_PID` unset or ours); nil otherwise.
    static let watchdog: Watchdog? = {
        guard let usecText = getenv("WATCHDOG_USEC").map({ String(cString: $0) }), let usec = Int64(usecText),
              usec > 0 else { return nil }
        if let pid = getenv("WATCHDOG_PID").map({ String(cString: $0) }), Int32(pid) != getpid() { return nil }
        return Watchdog(intervalMicroseconds: usec / 2)
    }()

    /// Sends `WATCHDOG=1` every half watchdog period from a thread of its own, which does
    /// nothing else (no policy work, no file reading), as long as the housekeeping loop keeps
    /// turning: a loop that has not beaten for a whole watchdog period stops the pings, and
    /// systemd restarts a server that has stopped looking after itself.
    final class Watchdog: Sendable {
        let intervalMicroseconds: Int64
        private let lastBeat = Atomic<Int64>(Int64.min / 2)
        private let started = Atomic<Bool>(false)

        init(intervalMicroseconds: Int64) { self.intervalMicroseconds = intervalMicroseconds }

        /// Called from each turn of the housekeeping loop.
        func beat() { lastBeat.store(Self.now(), ordering: .relaxed) }

        /// Whether a ping at `now` is due: the loop beat within the last whole watchdog period
        /// (at least a second: the loop turns every 250 ms, whatever the period).
        func alive(at now: Int64) -> Bool {
            now - lastBeat.load(ordering: .relaxed) <= max(2 * intervalMicroseconds, 1_000_000)
        }

        /// Starts the pinging thread (once).
        func start() {
            guard started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
            beat()
            let thread = Thread { [self] in
                while true {
                    if alive(at: Self.now()) { SystemdNotify.send("WATCHDOG=1") }
                    Thread.sleep(forTimeInterval: Double(intervalMicroseconds) / 1e6)
                }
            }
            thread.stackSize = 256 << 10
            thread.start()
        }

        static func now() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        }
    }
}
