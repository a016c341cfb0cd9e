import Testing

@Test func calPolicyCLIPlaceholderBuilds() { #expect(1 + 1 == 2) }
