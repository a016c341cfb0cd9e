import Foundation
import Testing

/// `calpolicy import` of a file with timed events in one zone: the policy closes their hours in
/// that zone (and denies only all-day events' days); its tests pass as written.
@Suite struct ImportHoursEndToEndTests {
    @Test func timedEventsBecomeHoursInTheirZone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-hours-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let ics = folder.appendingPathComponent("changes.ics")
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//t//t//EN\r
            BEGIN:VEVENT\r
            UID:a@t\r
            DTSTART;TZID=Europe/Berlin:20261224T120000\r
            DTEND;TZID=Europe/Berlin:20261225T000000\r
            SUMMARY:Christmas Eve from noon\r
            END:VEVENT\r
            BEGIN:VEVENT\r
            UID:b@t\r
            DTSTART;VALUE=DATE:20261231\r
            SUMMARY:New Year's Eve\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.write(to: ics, atomically: true, encoding: .utf8)
        let imported = try CalpolicyBinary.run(["import", ics.path, "--today", "2026-12-01"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let policy = folder.appendingPathComponent("changes.lua").path
        let text = try String(contentsOfFile: policy, encoding: .utf8)
        #expect(text.contains("zone = \"Europe/Berlin\"") && text.contains("events:hoursOn(day)"))
        let tests = try CalpolicyBinary.run(["test", folder.appendingPathComponent("changes_test.lua").path])
        #expect(tests.status == 0, "\(tests.stdout)\(tests.stderr)")
        let noon = try CalpolicyBinary.run(["gate", policy, "--at", "2026-12-24T11:00:00Z"])
        #expect(noon.stdout == "closed until 2026-12-24T23:00:00+00:00 — Christmas Eve from noon (\(policy))\n")
        let morning = try CalpolicyBinary.run(["gate", policy, "--at", "2026-12-24T10:59:00Z"])
        #expect(morning.status == 0)
        let eve = try CalpolicyBinary.run(["gate", policy, "--at", "2026-12-31T12:00:00Z"])
        #expect(eve.status == 1 && eve.stdout.contains("New Year's Eve"))
    }
}
