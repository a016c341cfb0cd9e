import CalendarCore
import Testing
@testable import PolicyEngine

/// Lint's overlapping-windows check: the pairs found (different reasons only, the earliest
/// partner, touching spans apart), and its findings' places in a Lua policy (the second row's
/// `{`) and in a YAML one (the second window's line and column).
@Suite struct WindowOverlapTests {
    let fixture = PolicyFixture()
    let today = Day(dayNumber: 20_793) // 2026-12-06

    func window(_ index: Int, _ spans: [Range<Int>], _ reason: String) -> WindowOverlap.Window {
        WindowOverlap.Window(index: index, spans: spans, reason: reason)
    }

    @Test func differentReasonsOverlappingArePairedSameReasonsAndTouchingAreNot() {
        let pairs = WindowOverlap.pairs([
            window(0, [0..<10], "freeze"),
            window(1, [5..<12], "freeze"),    // the same reason: a merge
            window(2, [12..<14], "audit"),    // touches 1 (half-open), overlaps nothing
            window(3, [8..<9], "inventory"),  // inside 0 and 1: paired with 0, the earliest
            window(4, [30..<31, 13..<20], "b"), // its second span overlaps 2
        ])
        #expect(pairs.map { [$0.first.index, $0.second.index] } == [[0, 3], [2, 4]])
        #expect(WindowOverlap.message(pairs[0].first, pairs[0].second)
            == #"windows overlap with different reasons ("freeze" and "inventory")"#)
        #expect(WindowOverlap.pairs([window(0, [0..<0], "a"), window(1, [0..<5], "b")]).isEmpty)
    }

    @Test func aLuaFindingIsAtTheSecondRowsTableConstructor() throws {
        let source = """
        local frozen = cal.windows({
            { from = "2026-12-21", to = "2027-01-04", reason = "freeze" },
            { from = "2027-01-04", to = "2027-01-05", reason = "freeze" },
              {
                from = "2027-01-03", to = "2027-01-09",
                reason = "inventory" },
        })
        local one = cal.windows({ { from = "2027-05-01", to = "2027-05-03", reason = "a" }, { from = "2027-05-03", to = "2027-05-03", reason = "b" } })
        return { canSelect = function(day) return not (frozen(day) or one(day)) end }
        """
        let path = fixture.write(source, name: "windows.lua")
        let findings = try PolicyLint.check(path: path, source: Array(source.utf8), today: today)
        #expect(findings.map { "\($0.line):\($0.column): \($0.message)" } == [
            #"4:7: windows overlap with different reasons ("freeze" and "inventory")"#,
            #"8:85: windows overlap with different reasons ("a" and "b")"#,
        ])
    }

    @Test func aRowWhoseDateIsNotALiteralIsPlacedAtTheCall() throws {
        let source = """
        local start = "2027-01-02"
        local frozen = cal.windows({
            { from = "2026-12-21", to = "2027-01-04", reason = "freeze" },
            { from = start, to = "2027-01-05", reason = "other" },
        })
        return { canSelect = function(day) return not frozen(day) end }
        """
        let path = fixture.write(source, name: "computed.lua")
        let findings = try PolicyLint.check(path: path, source: Array(source.utf8), today: today)
        #expect(findings.map { "\($0.line):\($0.column)" } == ["2:1"])
    }

    @Test func yamlWindowsAreComparedWithinEachKeyAtTheSecondWindow() throws {
        let source = """
        zone: Europe/Berlin
        closed:
          - from: 2026-12-21
            to: 2027-01-05
            reason: freeze
          - {from: "2027-01-04T15:00", to: 2027-01-08, reason: inventory}
        weekly:
          - days: [mon]
            reason: Mondays
          - days: [tue, fri]
            from: "15:00"
            reason: afternoons
          - days: [fri]
            from: "14:00"
            to: "15:01"
            reason: maintenance
        """
        let path = fixture.write(source, name: "windows.yaml")
        let findings = try PolicyLint.check(path: path, source: Array(source.utf8), today: today)
        #expect(findings.map { "\($0.line):\($0.column): \($0.message)" } == [
            #"6:5: windows overlap with different reasons ("freeze" and "inventory")"#,
            #"13:5: windows overlap with different reasons ("afternoons" and "maintenance")"#,
        ])
    }

    @Test func windowRowsParseWithEscapedReasons() {
        let rows = WindowRow.parse("3\t1\t2\t20808\t20810\ta\\tb\\\\c\\nd\nbroken\n0\t2\t1\t5\t5\t")
        #expect(rows == [WindowRow(line: 3, list: 1, row: 2, from: 20808, to: 20810, reason: "a\tb\\c\nd"),
                         WindowRow(line: 0, list: 2, row: 1, from: 5, to: 5, reason: "")])
    }
}
