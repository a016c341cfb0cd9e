import Testing

/// Writing to what the engine hands a policy is an error that names the view and the field.
@Suite struct ReadOnlyViewsEndToEndTests {
    @Test(arguments: [
        ("day.year = 1", "'day' is read-only (tried to set 'year')"),
        ("day.calendar.month = 1", "'calendar date' is read-only (tried to set 'month')"),
        ("selection.count = 0", "'selection' is read-only (tried to set 'count')"),
    ])
    func writingAViewNamesIt(statement: String, message: String) throws {
        let files = try TemporaryFiles()
        let path = try files.write("writes.lua", """
            return { canSelect = function(day, selection)
              \(statement)
              return true
            end }
            """)
        let result = try CalpolicyBinary.run(["eval", path, "--calendar", "hebrew", "--month", "5787-03", "--today", "2026-12-01"])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("calpolicy: \(path):2: \(message) (in canSelect for "), "\(result.stderr)")
    }
}
