import Testing
@testable import Rendering

@Suite struct ANSITests {
    @Test func decorationColoursMapToSGR() {
        #expect(ANSI.foreground(for: "#FF8000") == "\u{1B}[38;2;255;128;0m")
        #expect(ANSI.foreground(for: "red") == "\u{1B}[31m")
        #expect(ANSI.foreground(for: "no-such-colour") == "\u{1B}[36m")
        #expect(ANSI.foreground(for: nil) == "\u{1B}[36m")
        #expect(ANSI.foreground(for: "#12345") == "\u{1B}[36m")
    }
}
