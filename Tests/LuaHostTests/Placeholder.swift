import Testing

@Test func luaHostPlaceholderBuilds() { #expect(1 + 1 == 2) }
