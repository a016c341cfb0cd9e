import CalendarCore
import Testing
@testable import PolicyEngine

@Suite struct DayRecordTests {
    private func record(_ iso: String, selectable: Bool = true, label: String? = nil) throws -> DayRecord {
        DayRecord(day: try Day(iso: iso), selectable: selectable, deselectable: true,
                  reason: selectable ? nil : "closed", decoration: label.map { Decoration(label: $0) })
    }

    @Test func changesListOnlyDaysThatDifferInDateOrder() throws {
        let old = [try record("2027-01-01"), try record("2027-01-02", selectable: false), try record("2027-01-03")]
        let new = [try record("2027-01-01"), try record("2027-01-02"), try record("2027-01-03", label: "x")]
        let changes = DayChange.between(old, new)
        #expect(changes.map(\.day.iso) == ["2027-01-02", "2027-01-03"])
        #expect(changes[0].fields == ["selectable", "reason"])
        #expect(changes[1].fields == ["decoration"])
        #expect(changes[0].description == "denied 'closed' → selectable")
    }

    @Test func aDayMissingOnOneSideIsAChange() throws {
        let changes = DayChange.between([try record("2027-01-01")], [])
        #expect(changes.count == 1)
        #expect(changes[0].new == nil)
        #expect(changes[0].fields == ["day"])
    }

    @Test func malformedSnapshotsSayWhatIsWrong() {
        #expect(throws: SnapshotFormatError.self) { try PolicySnapshot.decode("[]") }
        do {
            _ = try PolicySnapshot.decode("{\"policies\": [\"a.lua\"], \"from\": \"2027-01-02\", \"to\": \"2027-01-01\", \"days\": []}")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("'from' and 'to'"))
        }
    }

    @Test func diffOfTwoPolicyVersionsWithRealLua() throws {
        let fixture = PolicyFixture()
        let old = fixture.write("return { canSelect = function(day) return day.day ~= 13, 'thirteenth' end }",
                                name: "old.lua")
        let new = fixture.write("return { canSelect = function(day) return true end }", name: "new.lua")
        let span = DaySpan(try Day(iso: "2027-01-01"), try Day(iso: "2027-12-31"))
        let diff = try PolicyDiff.compare(old: old, new: new, span: span, context: PolicyContext())
        #expect(diff.changes.count == 12)
        #expect(diff.changes.allSatisfy { $0.day.components.day == 13 })
    }
}
