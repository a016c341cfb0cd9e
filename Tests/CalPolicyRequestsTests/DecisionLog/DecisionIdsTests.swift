import Foundation
import Testing
@testable import CalPolicyRequests

/// Decision ids from the pooled kernel randomness: version 4 UUIDs as Foundation writes them
/// (lowercased), distinct across several refills of the pool.
@Suite struct DecisionIdsTests {
    @Test func idsAreLowercaseVersion4UUIDsAndDistinct() throws {
        let shape = try Regex(#"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"#)
        let ids = (0..<1_000).map { _ in DecisionRecord.newId() }  // the pool holds 256
        for id in ids {
            #expect(id.wholeMatch(of: shape) != nil, "\(id)")
            #expect(UUID(uuidString: id)?.uuidString.lowercased() == id)
        }
        #expect(Set(ids).count == ids.count)
    }
}
