import CalPolicyRequests
import Testing
@testable import CalPolicyServer

/// The per-route tables a document request reads.
@Suite struct RouteTableTests {
    /// `Router.document` sets each given parameter through `documentParameterIndex`, in the
    /// query's order: that matches setting them in the route's order only while no two options
    /// of a route share a parameter or a name (the key their values are stored under).
    @Test func noTwoOptionsOfARouteShareAParameterOrAName() {
        for route in Router.Route.allCases {
            let options = route.documentParameters
            #expect(Set(options.map(\.parameter)).count == options.count, "\(route.rawValue)")
            #expect(Set(options.map(\.name)).count == options.count, "\(route.rawValue)")
            #expect(route.documentParameterIndex.count == options.count, "\(route.rawValue)")
            for (index, option) in options.enumerated() {
                #expect(route.documentParameterIndex[option.parameter] == index, "\(route.rawValue) \(option.parameter)")
            }
        }
    }
}
