import Foundation
import Testing

/// Dubious command-line input is either understood or refused with one line, never
/// silently taken to mean something else.
@Suite struct InputErrorsEndToEndTests {
    let holidays = CalpolicyBinary.packageRoot.appendingPathComponent("policies/us-federal-holidays.lua").path
    let weekends = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path

    func refused(_ arguments: [String], _ expected: String, input: String? = nil) throws {
        let result = try CalpolicyBinary.run(arguments, input: input)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stdout.isEmpty, "\(arguments)")
        #expect(result.stderrLines == ["calpolicy: " + expected], "\(arguments)")
    }

    @Test func aNegativeNumberAfterAnOptionIsItsValue() throws {
        try refused(["eval", "--year", "-5"], "invalid value '-5' for '--year <YYYY>': expected a positive year YYYY")
        try refused(["eval", "--month", "-0001-03"],
                    "invalid value '-0001-03' for '--month <YYYY-MM>': gregorian year -1 is outside the supported range")
        try refused(["select", "--mode", "range", "--tap", "2026-12-01", "--max-length", "-3"],
                    "invalid value '-3' for '--max-length <N>': expected an integer at least 1")
    }

    @Test func yearsHaveFourDigits() throws {
        try refused(["eval", "--month", "26-02"],
                    "invalid value '26-02' for '--month <YYYY-MM>': years have four digits; write '0026-02' for the year 26")
        try refused(["eval", "--year", "202"],
                    "invalid value '202' for '--year <YYYY>': years have four digits; write '0202' for the year 202")
        let padded = try CalpolicyBinary.run(["eval", "--month", "0026-02"])
        #expect(padded.status == 0)
        #expect(padded.stdout.hasPrefix("    February 26\n"))
        // Years inside an era are short by nature.
        let era = try CalpolicyBinary.run(["eval", "--calendar", "japanese", "--month", "reiwa:8-12"])
        #expect(era.status == 0)
    }

    @Test func anUnknownLocaleIsRefusedWithCloseMatches() throws {
        try refused(["eval", "--locale", "xx_YY"],
                    "invalid value 'xx_YY' for '--locale <ID>': unknown locale; expected one Foundation knows, such as en_US")
        let near = try CalpolicyBinary.run(["eval", "--locale", "de_XX"])
        #expect(near.status == 2)
        #expect(near.stderr.contains("unknown locale; did you mean 'de'"))
        for known in ["de_DE", "de-CH", "he_IL", "ar@calendar=islamic"] {
            #expect(try CalpolicyBinary.run(["eval", "--locale", known, "--month", "2026-12"]).status == 0, "\(known)")
        }
    }

    @Test func bothNamesOfTheUmmAlQuraCalendarWork() throws {
        let documented = try CalpolicyBinary.run(["eval", "--calendar", "islamic-umalqura", "--month", "1448-06"])
        let cli = try CalpolicyBinary.run(["eval", "--calendar", "islamic-umm-al-qura", "--month", "1448-06"])
        #expect(documented.status == 0)
        #expect(documented.stdout == cli.stdout)
        let files = try TemporaryFiles()
        let path = try files.write("first-of-month.lua", """
            return { canSelect = function(day)
              return cal.convert(day.iso, "islamic-umalqura").day ~= 1, "first of the month"
            end }
            """)
        let result = try CalpolicyBinary.run(["eval", path, "--from", "2026-12-01", "--to", "2026-12-31", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").filter { $0.contains("first of the month") }.count == 1)
    }

    @Test func selectNeedsTapsAndLimitsOfItsMode() throws {
        try refused(["select", "--mode", "single"], "missing required option '--tap <YYYY-MM-DD>'")
        try refused(["select", "--mode", "single", "--tap", "2026-12-01", "--max-count", "3"],
                    "invalid value '3' for '--max-count <N>': applies only to --mode multiple")
        try refused(["select", "--mode", "multiple", "--tap", "2026-12-01", "--min-length", "2"],
                    "invalid value '2' for '--min-length <N>': applies only to --mode range")
    }

    @Test func explainTakesSeveralDates() throws {
        let both = try CalpolicyBinary.run(["explain", holidays, "2026-12-25", "2026-12-26", "--today", "2026-12-01"])
        let first = try CalpolicyBinary.run(["explain", holidays, "2026-12-25", "--today", "2026-12-01"])
        let second = try CalpolicyBinary.run(["explain", holidays, "2026-12-26", "--today", "2026-12-01"])
        #expect(both.status == 0)
        #expect(both.stdout == first.stdout + "\n" + second.stdout)
        let json = try CalpolicyBinary.run(["explain", holidays, "2026-12-25", "2026-12-26", "--format", "json"])
        let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(array?.map { $0["date"] as? String } == ["2026-12-25", "2026-12-26"])
        try refused(["explain", holidays, "2026-02-30"], "invalid value '2026-02-30' for 'DATE': day 30 does not exist in 2026-02 (it has 28 days)")
    }

    @Test func aPolicyCanComeFromStandardInput() throws {
        let source = try String(contentsOfFile: weekends, encoding: .utf8)
        let piped = try CalpolicyBinary.run(["eval", "-", "--month", "2026-12"], input: source)
        let file = try CalpolicyBinary.run(["eval", weekends, "--month", "2026-12"])
        #expect(piped.status == 0)
        #expect(piped.stdout == file.stdout)
        let broken = try CalpolicyBinary.run(["eval", "-"], input: "return { canSelect = function(day) error('boom') end }")
        #expect(broken.status == 3)
        #expect(broken.stderr.hasPrefix("calpolicy: <stdin>:1: boom"))
        try refused(["eval", "-", "-"], "-: standard input can be read once; name '-' only once", input: "")
    }

    @Test func checkIsReproducibleWithToday() throws {
        func summary(_ today: String) throws -> String {
            let result = try CalpolicyBinary.run(["check", holidays, "--today", today])
            #expect(result.status == 0)
            return result.stdout.replacingOccurrences(of: #", [0-9.]+ ms"#, with: "", options: .regularExpression)
        }
        #expect(try summary("2026-12-01") == holidays + ": ok (303 days in 4 calendars, 909 calls, costliest call under 1% of the instruction budget)\n")
        #expect(try summary("2026-12-01") == (try summary("2026-12-01")))
        #expect(try summary("2026-12-02") != (try summary("2026-12-01")))
    }
}
