import CCivilDays
import CalendarCore
import Testing

/// `YYYY-MM-DD` has one grammar and two implementations: CalendarCore's `Day(iso:)` (Swift, the
/// faces and the data readers) and CCivilDays' `ccd_parse_iso` (C, what Lua gets through the
/// bridge). They accept the same texts, with the same day, and refuse the same malformed ones.
@Suite struct ISOGrammarAgreementTests {
    private static func cParse(_ text: String) -> Int? {
        var text = text
        var day: Int64 = 0
        let accepted = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ccd_parse_iso($0.baseAddress, $0.count, &day) }
        }
        return accepted == 1 ? Int(day) : nil
    }

    /// Every day 0001-01-01...9999-12-31: Swift writes it, both read it back to the same day, and
    /// C writes the same text.
    @Test func everyDayOfYearsOneToNineThousandNineHundredNinetyNineAgrees() throws {
        let first = try Day(iso: "0001-01-01").dayNumber, last = try Day(iso: "9999-12-31").dayNumber
        var mismatches: [Int] = []
        var buffer = [CChar](repeating: 0, count: 32)
        var bytes = [UInt8](repeating: 0, count: Day.isoMaxByteCount)
        for n in first...last {
            let count = bytes.withUnsafeMutableBufferPointer { Day(dayNumber: n).writeISO(to: $0.baseAddress!) }
            var c: Int64 = 0
            let cAccepted = bytes.withUnsafeBufferPointer { pointer in
                pointer.withMemoryRebound(to: CChar.self) { ccd_parse_iso($0.baseAddress, count, &c) }
            }
            let swift = Day(isoBytes: bytes[0..<count])
            let written = buffer.withUnsafeMutableBufferPointer { ccd_format_iso(Int64(n), $0.baseAddress, 32) }
            let cText = buffer.withUnsafeBufferPointer { pointer in
                pointer.withMemoryRebound(to: UInt8.self) { Array($0[0..<written]) }
            }
            if cAccepted != 1 || Int(c) != n || swift?.dayNumber != n || cText != Array(bytes[0..<count]) {
                mismatches.append(n)
                if mismatches.count > 10 { break }
            }
        }
        #expect(mismatches.isEmpty, "first mismatching day numbers: \(mismatches)")
    }

    /// Malformed and impossible dates: both refuse each one (and `Day(iso:)` says why).
    @Test func malformedTextIsRefusedByBoth() {
        var corpus = ["", "2026-1-05", "2026-01-5", "26-01-05", "2026/01/05", "2026-01-05 ", " 2026-01-05",
                      "2026-01-05\n", "2026-01-05T00:00", "2026-13-01", "2026-00-10", "2026-02-29", "2025-02-29",
                      "1900-02-29", "2026-04-31", "2026-01-32", "2026-01-00", "0000-01-01", "-001-01-01",
                      "+2026-01-05", "2026-０1-05", "２０２６-01-05", "2026–01–05", "2026-01-0a", "2026-1a-05",
                      "20260105", "2026-01--5", "2026--1-05", "10000-01-01", "\u{0}026-01-05", "2026-01-05\u{0}",
                      "2026-\u{0}1-05", "0x1A-01-05", "١٢٣٤-01-05", "2026-01-05Z", "9999-12-32", "2026-02-30"]
        // Every one-byte change of a valid date to a non-digit, and every digit at a dash.
        let valid = Array("2024-02-29".utf8)
        for index in valid.indices {
            for byte: UInt8 in [0x20, 0x2F, 0x3A, 0x41, 0x2D, 0xFF] where byte != valid[index] {
                var changed = valid
                changed[index] = byte
                corpus.append(String(decoding: changed, as: UTF8.self))
            }
        }
        for text in corpus {
            let swift = try? Day(iso: text)
            let c = Self.cParse(text)
            #expect(swift?.dayNumber == c, "'\(text)': Swift \(String(describing: swift)), C \(String(describing: c))")
            #expect(swift == nil || text == "2024-02-29", "'\(text)' accepted")
        }
        // Text the grammar accepts still agrees on its day.
        #expect(Self.cParse("2024-02-29") == (try? Day(iso: "2024-02-29"))?.dayNumber)
    }
}
