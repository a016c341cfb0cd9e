import Foundation
import Testing

/// `eval --format html` and `diff --format html` through the real binary.
@Suite struct HTMLEndToEndTests {
    private func policy(_ name: String) -> String {
        CalpolicyBinary.packageRoot.appendingPathComponent("policies/\(name)").path
    }

    private var hostile: String {
        CalpolicyBinary.packageRoot.appendingPathComponent("Tests/fixtures/html/hostile-text.lua").path
    }

    @Test func evalWritesOnePageWithATablePerMonthOfTheYear() throws {
        let result = try CalpolicyBinary.run(["eval", policy("us-federal-holidays.lua"), "--year", "2026",
                                              "--today", "2026-12-01", "--format", "html"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let html = result.stdout
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en-US\" dir=\"ltr\">"))
        #expect(html.components(separatedBy: "<table class=\"month\">").count == 13)
        #expect(html.contains("title=\"Friday, December 25, 2026, not selectable: Christmas Day\""))
        #expect(html.contains("aria-current=\"date\""))
        #expect(!html.contains("<script"))
    }

    @Test func withoutASpanThePageIsTodaysYear() throws {
        let gregorian = try CalpolicyBinary.run(["eval", "--today", "2026-12-01", "--format", "html"])
        #expect(gregorian.status == 0)
        #expect(gregorian.stdout.contains("<h1>2026</h1>"))
        #expect(gregorian.stdout.components(separatedBy: "<table class=\"month\">").count == 13)
        let hebrew = try CalpolicyBinary.run(["eval", "--calendar", "hebrew", "--today", "2026-12-01", "--format", "html"])
        #expect(hebrew.stdout.contains("<h1>5787</h1>"))
        #expect(hebrew.stdout.components(separatedBy: "<table class=\"month\">").count == 14)
        let text = try CalpolicyBinary.run(["eval", "--today", "2026-12-01"])
        #expect(text.stdout.hasPrefix("   December 2026"))
    }

    @Test func hebrewPagesAreRightToLeftAndNameHebrewMonths() throws {
        let result = try CalpolicyBinary.run(["eval", "--month", "5787-04", "--calendar", "hebrew", "--locale", "he_IL",
                                              "--today", "2026-12-01", "--format", "html"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<html lang=\"he-IL\" dir=\"rtl\">"))
        #expect(result.stdout.contains("<caption>טבת 5787</caption>"))
    }

    @Test func policyTextArrivesAsText() throws {
        let result = try CalpolicyBinary.run(["eval", hostile, "--month", "2026-03", "--today", "2026-03-01",
                                              "--format", "html"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("<img"))
        #expect(!result.stdout.contains("<script"))
        #expect(!result.stdout.contains("192.0.2.1/c.png"))
        #expect(result.stdout.contains("&lt;img src=&quot;http://192.0.2.1/x.png&quot;"))
    }

    @Test func diffShowsOldAndNewAndExitsOneWhenDaysDiffer() throws {
        let result = try CalpolicyBinary.run(["diff", policy("us-federal-holidays.lua"), hostile, "--month", "2026-12",
                                              "--today", "2026-12-01", "--format", "html"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("<th scope=\"row\">Friday, December 25, 2026</th>"))
        #expect(result.stdout.contains("not selectable: Christmas Day"))
        #expect(result.stdout.contains("1 day differs (2026-12-01 to 2026-12-31)"))
    }

    @Test func diffWithoutDifferencesIsAPageSayingSo() throws {
        let result = try CalpolicyBinary.run(["diff", policy("weekends.lua"), policy("weekends.lua"), "--month", "2026-12",
                                              "--today", "2026-12-01", "--format", "html"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("no differences (2026-12-01 to 2026-12-31)"))
    }

    @Test func explainStillRefusesHTML() throws {
        let result = try CalpolicyBinary.run(["explain", policy("weekends.lua"), "2026-12-25", "--format", "html"])
        #expect(result.status == 2)
    }
}
