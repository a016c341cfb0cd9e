import Foundation
import Testing

/// Month titles of era calendars carry the era, and an English Chinese leap month reads as
/// English, the same in the text title and the JSON name.
@Suite struct EraTitleEndToEndTests {
    private func firstLine(_ arguments: [String]) throws -> String {
        let result = try CalpolicyBinary.run(["eval"] + arguments + ["--today", "2026-12-01"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    @Test func japaneseTitlesCarryTheEra() throws {
        #expect(try firstLine(["--calendar", "japanese", "--month", "2026-12"]) == "December 8 Reiwa")
        #expect(try firstLine(["--calendar", "japanese", "--month", "1989-01"]) == "January 64 Shōwa")
        #expect(try firstLine(["--calendar", "japanese", "--month", "heisei:1-01"]) == "January 1 Heisei")
    }

    @Test func japaneseTitlesFollowTheLocale() throws {
        #expect(try firstLine(["--calendar", "japanese", "--month", "2026-12", "--locale", "ja_JP"]) == "令和8年12月")
    }

    @Test func republicOfChinaTitlesCarryTheEra() throws {
        #expect(try firstLine(["--calendar", "republic-of-china", "--month", "0115-12"]) == "December 115 Minguo")
    }

    @Test func aYearOfEraMonthsHasTheEraInEveryTitle() throws {
        let result = try CalpolicyBinary.run(["eval", "--calendar", "japanese", "--year", "2026", "--today", "2026-12-01"],
                                             environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        let titles = result.stdout.split(separator: "\n").filter { $0.contains("Reiwa") }
        #expect(titles.count == 4)
        #expect(titles.first?.contains("January 8 Reiwa") == true)
    }

    @Test func chineseLeapMonthReadsAsEnglishInTextAndJSON() throws {
        #expect(try firstLine(["--calendar", "chinese", "--month", "2025-06L"]) == "Leap Sixth Month 2025")
        let json = try CalpolicyBinary.run(["eval", "--calendar", "chinese", "--month", "2025-06L", "--format", "json",
                                            "--today", "2026-12-01"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let month = (object?["months"] as? [[String: Any]])?.first
        #expect(month?["name"] as? String == "Leap Sixth Month")
        #expect(month?["isLeapMonth"] as? Bool == true)
        #expect(!json.stdout.contains("bis"))
    }

    @Test func aLeapMonthTitleTooWideForTheGridUsesDigits() throws {
        #expect(try firstLine(["--calendar", "chinese", "--month", "2023-02L"]) == "Leap 2nd Month 2023")
        #expect(try firstLine(["--calendar", "chinese", "--month", "2023-03"]) == "Third Month 2023")
    }
}
