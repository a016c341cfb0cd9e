import Foundation
import HTTPClient
import Testing
@testable import CalPolicyServer

/// `--status-url`'s pusher in-process: a status at start, one more per change of the
/// fingerprint (none while it stays put), and latest-wins while the receiver fails: the status
/// delivered after an outage is the newest, never an older one after it.
@Suite(.serialized) struct StatusPusherTests {
    final class World: @unchecked Sendable {
        let lock = NSLock()
        var version = 1
        var failing = false
        var received: [String] = []
        var attempts = 0

        func post(_ body: [UInt8]) -> PostAnswer? {
            lock.withLock {
                attempts += 1
                if failing { return nil }
                received.append(String(decoding: body, as: UTF8.self))
                return PostAnswer(status: 204)
            }
        }
        var seen: [String] { lock.withLock { received } }
    }

    static func wait(_ seconds: Double, until: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if until() { return true }
            usleep(10_000)
        }
        return until()
    }

    @Test func pushesOnChangeLatestWins() {
        let world = World()
        let pusher = StatusPusher(url: "http://127.0.0.1:1/", tick: 0.01, backoffBase: 0.02, backoffMax: 0.05,
                                  fingerprint: { world.lock.withLock { "v\(world.version)" } },
                                  status: { world.lock.withLock { "{\"v\":\(world.version)}" } },
                                  post: { body, _ in world.post(body) })
        pusher.start()
        defer { pusher.stop() }
        #expect(Self.wait(5) { world.seen == ["{\"v\":1}"] })
        usleep(100_000)
        #expect(world.seen.count == 1, "no change, no push")

        world.lock.withLock { world.failing = true; world.version = 2 }
        #expect(Self.wait(5) { world.lock.withLock { world.attempts } >= 3 }, "a failing receiver is retried")
        world.lock.withLock { world.version = 3 }
        usleep(50_000)
        world.lock.withLock { world.failing = false }
        #expect(Self.wait(5) { world.seen.last == "{\"v\":3}" })
        usleep(100_000)
        #expect(world.seen == ["{\"v\":1}", "{\"v\":3}"], "the unsent v2 was replaced by v3")
    }
}
