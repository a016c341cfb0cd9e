import CalendarCore
import Testing
@testable import Rendering

@Suite struct CSVWriterTests {
    @Test func plainFieldsAreNotQuoted() {
        #expect(CSVWriter.row(["2026-12-25", "true", ""]) == "2026-12-25,true,\n")
    }

    @Test func commasQuotesAndNewlinesAreQuoted() {
        #expect(CSVWriter.field("a,b") == "\"a,b\"")
        #expect(CSVWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.field("crlf\r\nend") == "\"crlf\r\nend\"")
    }

    @Test func headerMatchesTheAgreedColumns() {
        #expect(EvalCSVRenderer.header.joined(separator: ",") ==
            "date,year,month,day,weekday,selectable,deselectable,reason,decoration_kind,decoration_label,"
            + "decoration_color,decoration_image,decoration_size,select_reason,deselect_reason,policy,decoration_policy,"
            + "observed_of,estimated")
    }

    @Test func integersAreWrittenAsStringDescribesThem() {
        for value in [0, 7, 9, 10, 99, 100, 999, 1000, 5786, 9999, 10_000, 100_000, 1_234_567, -1, -42, -10_000, Int.max, Int.min + 1] {
            var out: [UInt8] = []
            CSVWriter.appendInteger(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value), "\(value)")
        }
    }

    @Test func daysAreWrittenAsTheirISODate() throws {
        for iso in ["0001-01-01", "0999-12-31", "1900-02-28", "2026-12-25", "9999-12-31"] {
            var out: [UInt8] = []
            CSVWriter.appendISO(try Day(iso: iso), to: &out)
            #expect(String(decoding: out, as: UTF8.self) == iso)
        }
    }

    @Test func booleansAreWrittenAsStringDescribesThem() {
        for value in [true, false] {
            var out: [UInt8] = []
            CSVWriter.appendBool(value, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value))
        }
    }

    private func text(_ value: String) -> String {
        var out: [UInt8] = []
        CSVWriter.appendText(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test func policyTextStartingAFormulaGetsAnApostrophe() {
        #expect(text("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"")
        #expect(text("+1") == "'+1")
        #expect(text("-1") == "'-1")
        #expect(text("@SUM(A1)") == "'@SUM(A1)")
        #expect(text("\tx") == "' x")
        #expect(text("\rx") == "'\\rx")
        #expect(text("a=b") == "a=b")
        #expect(text("Christmas Day") == "Christmas Day")
        #expect(text("New Year’s Day, observed") == "\"New Year’s Day, observed\"")
    }

    @Test func policyTextHasControlAndBidiCharactersEscaped() {
        #expect(text("\u{1B}[31mred\u{7}") == "\\u{1b}[31mred\\u{7}")
        #expect(text("C1\u{9B}x\u{85}") == "C1\\u{9b}x\\u{85}")
        #expect(text("abc\u{202E}fdp") == "abc\\u{202e}fdp")
        #expect(text("two\nlines") == "two\\nlines")
    }

    @Test func numbersAndDatesAreNeverNeutralised() throws {
        var out: [UInt8] = []
        CSVWriter.appendInteger(-42, to: &out)
        out.append(UInt8(ascii: ","))
        CSVWriter.appendISO(try Day(iso: "2026-12-25"), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "-42,2026-12-25")
    }
}

/// `UnsafeRowWriter` writes numbers and booleans as `String` describes them.
@Suite struct UnsafeRowWriterTests {
    private func written(_ write: (inout UnsafeRowWriter) -> Void) -> String {
        var out: [UInt8] = [0x41]
        let appended = UnsafeRowWriter.append(to: &out, capacity: 64) { row in
            write(&row)
            return true
        }
        #expect(appended)
        #expect(out.first == 0x41)
        return String(decoding: out.dropFirst(), as: UTF8.self)
    }

    @Test func integersAreWrittenAsStringDescribesThem() {
        var values = [0, 1, 7, 9, 10, 11, 99, 100, 999, 1000, 5786, 9999, 10_000, 100_000, 1_234_567, -1, -9, -10, -42,
                      -10_000, Int.max, Int.max - 1, Int.min, Int.min + 1]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        for value in values {
            #expect(written { $0.integer(value) } == String(value), "\(value)")
        }
    }

    @Test func booleansAndTextAreWrittenAsTheyAre() {
        #expect(written { $0.bool(true); $0.byte(0x2C); $0.bool(false) } == "true,false")
        var plain = false
        let text = written { plain = $0.plainText("Christmas Day"); $0.put(",") }
        #expect(plain)
        #expect(text == "Christmas Day,")
    }

    @Test func textThatIsNotPlainIsRefusedAndNothingIsAppended() {
        for text in ["a,b", "say \"hi\"", "=1", "-1", "two\nlines", "\u{202E}x"] {
            var out: [UInt8] = [0x41]
            let appended = UnsafeRowWriter.append(to: &out, capacity: 64) { row in
                row.put("x,")
                return row.plainText(text)
            }
            #expect(!appended)
            #expect(out == [0x41])
        }
    }

    /// `isPlain` decides most text eight bytes at a time: it must agree with the byte-by-byte
    /// definition for every byte at every position of a word and of the tail, and for
    /// multi-byte UTF-8 (clean and not).
    @Test func plainTextScanAgreesWithTheByteByByteDefinition() {
        func reference(_ bytes: [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { buffer in
                TerminalText.isClean(buffer) && !(bytes.first.map(CSVWriter.isFormulaStart) ?? false)
                    && !bytes.contains(where: { $0 == 0x2C || $0 == 0x22 })
            }
        }
        func check(_ bytes: [UInt8]) {
            let fast = bytes.withUnsafeBufferPointer { CSVWriter.isPlain($0) }
            #expect(fast == reference(bytes), "\(bytes)")
        }
        let base = Array("2026-12-26 is a weekend day; only weekdays".utf8).dropFirst(5).map { $0 }
        for length in [0, 1, 7, 8, 9, 15, 16, 17, base.count] {
            let text = Array(base.prefix(length))
            check(text)
            for position in text.indices {
                for byte in UInt8.min...UInt8.max {
                    var changed = text
                    changed[position] = byte
                    check(changed)
                }
            }
        }
        for text in ["Día de la Constitución", "naïve\u{200B}space", "bell\u{7}", "c1\u{85}", "bom\u{FEFF}x", "emoji 🎉 ok",
                     "=SUM(A1)", "@x", "tail,", "quote\"d"] {
            check(Array(text.utf8))
        }
    }
}
