import CalendarCore
import PolicyEngine
import Testing
@testable import Rendering

@Suite struct SnapshotDocumentTests {
    /// A day open or closed (reason `closed`), with a decoration when `label` is given.
    private func record(_ iso: String, selectable: Bool = true, label: String? = nil) throws -> DayRecord {
        let decoration = label.map { Decoration(label: $0) }
        return DayRecord(day: try Day(iso: iso), selectable: selectable, deselectable: true,
                         reason: selectable ? nil : "closed", decoration: decoration)
    }

    @Test func snapshotRoundTripsThroughItsText() throws {
        let snapshot = PolicySnapshot(policies: ["a.lua", "b \"c\".lua"],
                                      span: DaySpan(try Day(iso: "2027-01-01"), try Day(iso: "2027-01-03")),
                                      today: try Day(iso: "2027-01-01"),
                                      days: [try record("2027-01-01", label: "New\tYear"),
                                             try record("2027-01-02", selectable: false), try record("2027-01-03")])
        let text = snapshot.encoded
        #expect(text.split(separator: "\n").count == PolicySnapshot.headerLines + 3 + 2)
        #expect(try PolicySnapshot.decode(text) == snapshot)
    }

    @Test func daysAreOneLineEachAfterTheHeader() throws {
        let snapshot = PolicySnapshot(policies: ["a.lua"], span: DaySpan(try Day(iso: "2027-01-01"), try Day(iso: "2027-01-01")),
                                      today: try Day(iso: "2027-01-01"), days: [try record("2027-01-01", label: "x")])
        #expect(SnapshotDocument.text(snapshot) == """
        {
          "policies": ["a.lua"],
          "from": "2027-01-01",
          "to": "2027-01-01",
          "today": "2027-01-01",
          "days": [
            {"date": "2027-01-01", "selectable": true, "deselectable": true, "reason": null, \
        "decoration": {"kind": "default", "label": "x", "color": null, "image": null, "size": null}}
          ]
        }

        """)
    }
}
