import Testing

@Test func policyEnginePlaceholderBuilds() { #expect(1 + 1 == 2) }
