import Foundation
import Glibc
@testable import MHDHost
import Testing

/// Eviction and the sweeper on real sockets (a socket pair per connection): a closed
/// connection's peer reads the end of the stream.
@Suite struct ConnectionTableTests {
    /// A connected pair: the table holds `server`; `client` sees it shut down.
    func pair() -> (server: Int32, client: Int32) {
        var fds: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
        return (fds[0], fds[1])
    }

    func isShutDown(_ client: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(client, &byte, 1, Int32(MSG_DONTWAIT)) == 0
    }

    @Test func aClientPastItsLimitEvictsItsOldestWaitingConnection() {
        var limits = HTTPLimits()
        limits.maxConnectionsPerClient = 2
        let table = ConnectionTable(limits: limits)
        let a = pair(), b = pair(), c = pair(), other = pair()
        let first = table.admit(fd: a.server, client: "10.0.0.1")
        table.enter(first, .answering)  // being answered: never evicted
        _ = table.admit(fd: b.server, client: "10.0.0.1")
        _ = table.admit(fd: other.server, client: "10.0.0.2")
        _ = table.admit(fd: c.server, client: "10.0.0.1")
        #expect(isShutDown(b.client) && !isShutDown(a.client) && !isShutDown(c.client) && !isShutDown(other.client))
        #expect(table.open == 3 && table.closed["per_client_limit"] == 1)
    }

    @Test func theSweeperClosesLateHeadsAndSlowReadersOnly() throws {
        var limits = HTTPLimits()
        limits.headTimeout = 0.05
        limits.sendTimeout = 0.1
        let table = ConnectionTable(limits: limits)
        let waiting = pair(), answering = pair(), sending = pair()
        _ = table.admit(fd: waiting.server, client: "x")
        table.enter(table.admit(fd: answering.server, client: "x"), .answering)
        table.enter(table.admit(fd: sending.server, client: "x"), .sending)
        usleep(70_000)
        table.sweep()
        #expect(isShutDown(waiting.client) && !isShutDown(sending.client) && !isShutDown(answering.client))
        usleep(50_000)
        table.sweep()
        #expect(isShutDown(sending.client) && !isShutDown(answering.client))
        #expect(table.closed["head_timeout"] == 1 && table.closed["send_timeout"] == 1)
    }

    /// A sweep whose instant comes before a connection's stamp (the connection was admitted or
    /// moved on between the sweeper's clock and its look) leaves it open: its age is zero, not
    /// a wrapped-around 584 years. Under load this shut live connections down mid-request.
    @Test func aConnectionStampedAfterTheSweepsInstantIsNotPastItsDeadline() {
        let table = ConnectionTable(limits: HTTPLimits())
        let waiting = pair(), sending = pair()
        let before = ConnectionTable.now()
        usleep(1_000)
        _ = table.admit(fd: waiting.server, client: "x")
        table.enter(table.admit(fd: sending.server, client: "x"), .sending)
        table.sweep(at: before)
        #expect(!isShutDown(waiting.client) && !isShutDown(sending.client))
        #expect(table.open == 2 && table.closed.isEmpty)
    }
}
