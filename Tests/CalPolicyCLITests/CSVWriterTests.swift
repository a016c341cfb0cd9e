import Testing
@testable import CalPolicyCLI

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
            + "decoration_color,decoration_image,decoration_size")
    }
}
