import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// `workdays` over policies/weekends.lua and policies/us-federal-holidays.lua, counted as numpy
/// counts: Christmas week 2026 (Friday the 25th a holiday).
@Suite struct WorkdaysUseCaseTests {
    static let stack = { () -> [any DayPolicy] in
        do { return try UseCaseFixture.policies(["policies/weekends.lua", "policies/us-federal-holidays.lua"]) }
        catch { fatalError("\(error)") }
    }()

    func run(_ question: WorkdaysUseCase.Question) throws -> WorkdaysAnswer {
        try WorkdaysUseCase.run(question, policies: Self.stack, evaluation: try UseCaseFixture.evaluation())
    }

    let monday = UseCaseFixture.day("2026-12-21"), christmas = UseCaseFixture.day("2026-12-25")
    let nextMonday = UseCaseFixture.day("2026-12-28")

    @Test func betweenCountsFromTheFirstDayUpToTheLast() throws {
        // Monday to Thursday; Christmas and the weekend closed, the next Monday not counted.
        #expect(try run(.between(from: monday, to: nextMonday)) == .counted(from: monday, to: nextMonday, businessDays: 4))
        // Backwards: minus the business days of (to, from]: 22, 23, 24 and 28 December.
        #expect(try run(.between(from: nextMonday, to: monday)) == .counted(from: nextMonday, to: monday, businessDays: -4))
        #expect(try run(.between(from: monday, to: monday)) == .counted(from: monday, to: monday, businessDays: 0))
    }

    @Test func addRollsAClosedDayForwardOrBackwardFirst() throws {
        #expect(try run(.add(from: christmas, days: 0)) == .added(from: christmas, days: 0, date: nextMonday))
        #expect(try run(.add(from: UseCaseFixture.day("2026-12-24"), days: 1)) ==
            .added(from: UseCaseFixture.day("2026-12-24"), days: 1, date: nextMonday))
        #expect(try run(.add(from: christmas, days: -1)) ==
            .added(from: christmas, days: -1, date: UseCaseFixture.day("2026-12-23")))
    }

    @Test func theRequestReadsAddOrBetweenFromTheValues() throws {
        let add = UseCaseFixture.values([(OptionCatalogue.from, "2026-12-25"), (OptionCatalogue.days, "3")])
        #expect(try WorkdaysUseCase.request(add, action: nil) == .add(from: christmas, days: 3))
        let between = UseCaseFixture.values([(OptionCatalogue.from, "2026-12-21"), (OptionCatalogue.to, "2026-12-28")])
        #expect(try WorkdaysUseCase.request(between, action: nil) == .between(from: monday, to: nextMonday))
        let both = UseCaseFixture.values([(OptionCatalogue.from, "2026-12-21"), (OptionCatalogue.to, "2026-12-28"),
                                          (OptionCatalogue.days, "3")])
        #expect(throws: RequestError.self) { try WorkdaysUseCase.request(both, action: nil) }
        #expect(throws: RequestError.self) { try WorkdaysUseCase.question(line: "add 2026-12-21 lots") }
        #expect(try WorkdaysUseCase.question(line: "between 2026-12-21 2026-12-28") == .between(from: monday, to: nextMonday))
    }

    @Test func theDocumentsRepeatTheQuestion() throws {
        let answer = try run(.add(from: christmas, days: 0))
        #expect(WorkdaysRenderer.document(answer, policies: ["us.lua"], json: false) == "2026-12-28\n")
        var line = ""
        JSONWriter.appendInline(WorkdaysRenderer.json(answer, policies: ["us.lua"]), to: &line)
        #expect(line.contains("\"from\"") && line.contains("\"2026-12-25\"") && line.contains("\"date\""))
    }
}
