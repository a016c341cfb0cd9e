import CalendarCore
import Foundation
import PolicyEngine
import Testing
@testable import Rendering

/// The templates `calpolicy import` writes from (Sources/Rendering/ICS/Templates) and the
/// filler that makes Lua of them: each form renders as it always has, loads as a policy, and a
/// template its caller cannot fill is refused.
@Suite struct ImportedPolicyTemplateTests {
    /// The days form, denying only: the text `import` wrote before the templates, byte for byte.
    @Test func theDaysFormIsTheTextImportWrites() throws {
        let document = ImportedPolicyDocument(name: "allday", icsName: "allday.ics", denies: true, decorates: false)
        #expect(try document.policy() == Self.daysDenying)
    }

    /// The hours form, decorating only: likewise.
    @Test func theHoursFormIsTheTextImportWrites() throws {
        let document = ImportedPolicyDocument(name: "closures", icsName: "closures.ics", denies: false, decorates: true,
                                              zone: "Europe/Berlin")
        #expect(try document.policy() == Self.hoursDecorating)
    }

    @Test func eachFormHasTheFunctionsItsSectionsAskFor() throws {
        for zone in [nil, "Asia/Tokyo"] {
            for (denies, decorates) in [(true, true), (true, false), (false, true)] {
                let text = try ImportedPolicyDocument(name: "c", icsName: "c.ics", denies: denies, decorates: decorates,
                                                      zone: zone).policy()
                #expect(text.hasPrefix("-- c.lua: the \(zone == nil ? "days" : "events") of c.ics, beside this file"))
                #expect(text.contains("local events = cal.ics(\"c.ics\")\n\nreturn {\n    name = \"c\",\n"))
                #expect(text.contains("    canSelect = function(day)\n") == denies)
                #expect(text.contains("    hoursFor = function(day)\n") == (denies && zone != nil))
                #expect(text.contains("\n\n    decorationFor = function(day)\n") == decorates)
                #expect(text.contains("    zone = \"Asia/Tokyo\",\n") == (zone != nil))
                #expect(text.contains("(in Asia/Tokyo, the zone its times are written in)") == (zone != nil))
                #expect(!text.contains("{{") && text.hasSuffix("\n}\n"))
            }
        }
    }

    @Test func theZoneProbeAsksForTheSpanOfTheFile() throws {
        let probe = try ImportedPolicyDocument.zoneProbe(icsName: "c.ics", first: Day(year: 2026, month: 12, day: 1),
                                                         last: Day(year: 2027, month: 12, day: 1))
        #expect(probe.contains("local events = cal.ics(\"c.ics\")\n"))
        #expect(probe.contains("for _, o in ipairs(events:between(\"2026-12-01\", \"2027-12-01\")) do\n"))
    }

    /// Every form, and the probe, loads as a policy beside a real file (cal.ics opens it).
    @Test func theRenderedTextLoadsAsAPolicy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.berlinEvent.utf8).write(to: folder.appendingPathComponent("c.ics"))
        let path = folder.appendingPathComponent("c.lua").path
        for zone in [nil, "Europe/Berlin"] {
            for (denies, decorates) in [(true, true), (true, false), (false, true)] {
                let text = try ImportedPolicyDocument(name: "c", icsName: "c.ics", denies: denies, decorates: decorates,
                                                      zone: zone).policy()
                let policy = try LuaPolicy(path: path, source: Array(text.utf8))
                #expect(policy.metadata.name == "c")
            }
        }
        let probe = try ImportedPolicyDocument.zoneProbe(icsName: "c.ics", first: Day(year: 2026, month: 12, day: 1),
                                                         last: Day(year: 2027, month: 12, day: 1))
        #expect(try LuaPolicy(path: path, source: Array(probe.utf8)).metadata.name == "Europe/Berlin")
    }

    /// The templates as stored parse as Lua (marks read as tables and comments); run unfilled
    /// they fail, but never for their syntax.
    @Test func theTemplatesThemselvesParseAsLua() {
        for template in [LuaTemplate.importedDays, .importedHours, .zoneProbe] {
            do {
                _ = try LuaPolicy(path: "/nonexistent/" + template.name, source: Array(template.text.utf8))
            } catch {
                #expect(error.kind != .syntax, "\(template.name): \(error)")
            }
        }
    }

    /// The two forms share their decorating function: the same lines in each template.
    @Test func bothFormsDecorateAlike() throws {
        func section(_ template: LuaTemplate) throws -> Substring {
            let text = template.text
            let start = try #require(text.firstRange(of: "-- {{#decorates}}\n")), end = try #require(text.firstRange(of: "-- {{/decorates}}"))
            return text[start.upperBound..<end.lowerBound]
        }
        #expect(try section(.importedDays) == section(.importedHours))
    }

    @Test func valuesAreQuotedInCodeAndEscapedInComments() throws {
        let template = LuaTemplate(name: "t.lua", bytes: Array("-- about {{x}}\nlocal x = {{x}}\n".utf8))
        #expect(try template.render(["x": "a\"b\nc {{x}}"]) == "-- about a\"b\\nc {{x}}\nlocal x = \"a\\\"b\\010c {{x}}\"\n")
    }

    @Test func sectionsKeepOrDropTheirLinesAndTheMarkers() throws {
        let template = LuaTemplate(name: "t.lua", bytes: Array("a\n  -- {{#on}}\nb\n  -- {{/on}}\n-- {{#off}}\nc\n-- {{/off}}\nd".utf8))
        #expect(try template.render([:], sections: ["on": true, "off": false]) == "a\nb\nd")
    }

    @Test func aTemplateItsCallerCannotFillIsRefused() {
        let cases: [(String, String)] = [
            ("x = {{y}}\n", "unknown placeholder {{y}}"),
            ("x = {{ x }}\n", "unknown placeholder {{ x }}"),
            ("x = {{x\n", "a {{ without }}"),
            ("-- {{#maybe}}\n-- {{/maybe}}\n", "unknown section {{#maybe}}"),
            ("-- {{/on}}\n", "{{/on}} closes no open section"),
            ("-- {{#on}}\nx = {{y}}\n-- {{/on}}\n", "unknown placeholder {{y}}"),
        ]
        for (text, problem) in cases {
            let template = LuaTemplate(name: "t.lua", bytes: Array(text.utf8))
            #expect(throws: LuaTemplateError.self) { try template.render(["x": "v"], sections: ["on": false]) }
            do {
                _ = try template.render(["x": "v"], sections: ["on": false])
            } catch {
                #expect(error.problem == problem, "\(text.debugDescription)")
            }
        }
        let unclosed = LuaTemplate(name: "t.lua", bytes: Array("-- {{#on}}\nx\n".utf8))
        #expect(throws: LuaTemplateError(template: "t.lua", line: nil, problem: "section {{#on}} is never closed")) {
            try unclosed.render([:], sections: ["on": true])
        }
    }

    static let berlinEvent = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//t//t//EN\r
        BEGIN:VEVENT\r
        UID:a@t\r
        DTSTART;TZID=Europe/Berlin:20261224T120000\r
        DTEND;TZID=Europe/Berlin:20261225T000000\r
        SUMMARY:Christmas Eve from noon\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
}

extension ImportedPolicyTemplateTests {
    /// What `import` wrote before the templates, byte for byte.
    static let daysDenying = #"""
        -- allday.lua: the days of allday.ics, beside this file (written by `calpolicy import`).
        -- A day with an event is not selectable, the event's summary as the reason.
        -- The file is read with cal.ics while the policy loads; edit or replace it and the
        -- policy follows (see docs/policy-api.md).
        local events = cal.ics("allday.ics")

        return {
            name = "allday",
            description = "Days of allday.ics: not selectable, the event's summary as the reason.",
            canSelect = function(day)
                local hits = events:on(day)
                if #hits > 0 then return false, hits[1].summary end
                return true
            end,
        }

        """#

    static let hoursDecorating = #"""
        -- closures.lua: the events of closures.ics, beside this file (written by `calpolicy import`).
        -- An all-day event's days are decorated with the event's summary; a timed event closes its hours
        -- (in Europe/Berlin, the zone its times are written in) and decorates its days.
        -- The file is read with cal.ics while the policy loads; edit or replace it and the
        -- policy follows (see docs/policy-api.md and docs/hours-and-zones.md).
        local events = cal.ics("closures.ics")

        return {
            name = "closures",
            description = "Events of closures.ics: all-day ones decorated with the event's summary; timed ones closed hours.",
            zone = "Europe/Berlin",

            decorationFor = function(day)
                local hits = events:on(day)
                if #hits > 0 then return { label = hits[1].summary } end
            end,
        }

        """#
}
