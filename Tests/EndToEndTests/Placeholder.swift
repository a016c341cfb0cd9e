import Testing

@Test func endToEndPlaceholderBuilds() { #expect(1 + 1 == 2) }
