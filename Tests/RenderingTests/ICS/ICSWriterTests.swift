import Testing
@testable import Rendering

@Suite struct ICSWriterTests {
    /// The physical lines of a folded document, without their CRLF.
    private func physicalLines(_ text: String) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                lines.append(current)
                current = []
                index += 2
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        #expect(current.isEmpty, "the last line ends with CRLF")
        return lines
    }

    /// Undoes folding as a reader does: CRLF followed by one space is removed.
    private func unfolded(_ lines: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = []
        for (index, line) in lines.enumerated() {
            out.append(contentsOf: index == 0 ? line[...] : line.dropFirst())
        }
        return out
    }

    @Test func textEscapesBackslashSemicolonCommaAndEveryLineBreak() {
        #expect(ICSWriter.escaped(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
        #expect(ICSWriter.escaped("one\ntwo\r\nthree\rfour") == #"one\ntwo\nthree\nfour"#)
        #expect(ICSWriter.escaped("\r\n\r\n") == #"\n\n"#)
        #expect(ICSWriter.escaped(#";,\"#) == #"\;\,\\"#)
    }

    @Test func controlCharactersOtherThanTabAreLeftOut() {
        #expect(ICSWriter.escaped("a\u{0}b\u{1B}[31mc\u{7F}d\te") == "ab[31mcd\te")
    }

    @Test func shortLinesAreNotFolded() {
        let line = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(line.utf8.count == 75)
        #expect(ICSWriter.folded(line) == line + "\r\n")
    }

    @Test func longASCIILinesFoldAt75OctetsThen74AfterTheSpace() {
        let line = "DESCRIPTION:" + String(repeating: "abcdefghij", count: 30)
        let lines = physicalLines(ICSWriter.folded(line))
        #expect(lines.count == 5)
        #expect(lines[0].count == 75)
        for continuation in lines.dropFirst() {
            #expect(continuation.first == 0x20)
            #expect(continuation.count <= 75)
        }
        #expect(lines[1].count == 75)
        #expect(unfolded(lines) == Array(line.utf8))
    }

    @Test func aLongEmojiLabelNeverSplitsAUTF8Sequence() throws {
        // 50 four-byte emoji: 200 bytes of label.
        let label = String(repeating: "🎄", count: 50)
        #expect(label.utf8.count == 200)
        var out: [UInt8] = []
        ICSWriter.appendText("SUMMARY", label, to: &out)
        let lines = physicalLines(String(decoding: out, as: UTF8.self))
        #expect(lines.count > 2)
        for line in lines {
            #expect(line.count <= ICSWriter.lineOctets)
            // Each physical line is valid UTF-8 on its own: no lead byte without its continuations.
            #expect(String(validating: line, as: UTF8.self) != nil, "\(line)")
            #expect(line.last.map { $0 & 0xC0 != 0xC0 } ?? true, "no line ends with a lead byte")
        }
        #expect(unfolded(lines) == Array(("SUMMARY:" + label).utf8))
    }

    @Test func mixedWidthCharactersFoldOnCharacterBoundaries() {
        // 1-, 2-, 3- and 4-byte characters in turn put every cut at a different offset.
        let text = String(repeating: "aé€🎄", count: 40)
        var out: [UInt8] = []
        ICSWriter.appendText("SUMMARY", text, to: &out)
        let lines = physicalLines(String(decoding: out, as: UTF8.self))
        for line in lines {
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil)
        }
        #expect(String(decoding: unfolded(lines), as: UTF8.self) == "SUMMARY:" + text)
    }

    @Test func escapesSurviveFoldingIntact() {
        // An escape pair may straddle a fold; unfolding restores it exactly.
        let reason = String(repeating: ";,\\\n", count: 40)
        var out: [UInt8] = []
        ICSWriter.appendText("DESCRIPTION", reason, to: &out)
        let lines = physicalLines(String(decoding: out, as: UTF8.self))
        #expect(lines.allSatisfy { $0.count <= 75 })
        #expect(String(decoding: unfolded(lines), as: UTF8.self)
            == "DESCRIPTION:" + String(repeating: #"\;\,\\\n"#, count: 40))
    }
}
