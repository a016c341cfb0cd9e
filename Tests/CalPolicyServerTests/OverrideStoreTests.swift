import Foundation
import Testing
@testable import CalPolicyServer

/// The reviewed overrides a request uses (`OverrideStore.reviewed`): reviewed once per (folder
/// generation, stack version), and a new generation reviewed at once, never an old review.
@Suite(.serialized) struct OverrideStoreTests {
    @Test func aNewGenerationIsReviewedAtOnce() throws {
        let (router, folder) = try OverrideRouteTests.server()
        let store = try #require(router.overrides)
        let version = try #require(router.stacks.version("default"))
        let empty = store.snapshot
        #expect(store.reviewed(empty, for: version).isEmpty)

        try OverrideRouteTests.override("INC-9").write(toFile: folder + "/INC-9.json", atomically: true, encoding: .utf8)
        store.refresh()
        let added = store.snapshot
        #expect(added.generation == empty.generation + 1)
        #expect(store.reviewed(added, for: version).map(\.id) == ["INC-9"])
        // The same generation again: the same review.
        #expect(store.reviewed(added, for: version).map(\.id) == ["INC-9"])

        // Refused by the stack's rules (no ticket, which the freeze requires): reviewed out at once.
        try OverrideRouteTests.override("INC-9", ticket: nil).write(toFile: folder + "/INC-9.json", atomically: true, encoding: .utf8)
        store.refresh(force: true)
        let changed = store.snapshot
        #expect(changed.generation == added.generation + 1)
        #expect(store.reviewed(changed, for: version).isEmpty)
    }
}
