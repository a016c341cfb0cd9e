import Testing

/// CICalFeed on its own: the scan's line numbers, the days of an occurrence, lazy recurrence
/// and the step cap. (scripts/checks/ics-import.sh compares whole files with Python's icalendar.)
@Suite struct ICalFeedTests {
    /// Days since 1970-01-01 of a Gregorian date.
    static func day(_ y: Int, _ m: Int, _ d: Int) -> Int64 {
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        return Int64(era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468)
    }

    static func calendar(_ events: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + events + "END:VCALENDAR\r\n"
    }

    @Test func theScanNamesTheLineOfWhatIsWrong() {
        let cases: [(String, Int, String)] = [
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nno colon\r\nEND:VCALENDAR\r\n", 3, "expected NAME:VALUE"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n", 3, "END:VCALENDAR does not close BEGIN:VEVENT"),
            ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n", 2, "BEGIN:VEVENT is never closed"),
            ("VERSION:2.0\r\n", 1, "expected BEGIN:VCALENDAR"),
            ("BEGIN:VCALENDAR\r\nX:\u{1}\r\nEND:VCALENDAR\r\n", 2, "control byte 0x01"),
            ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nX:Y\r\n", 3, "text after END:VCALENDAR"),
            (Self.calendar("BEGIN:VEVENT\r\nUID:a\r\nEND:VEVENT\r\n"), 3, "an event without DTSTART"),
        ]
        for (text, line, message) in cases {
            do {
                _ = try Feed(text)
                Issue.record("parsed: \(text)")
            } catch {
                #expect(error.line == line, "\(text)")
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }

    @Test func anAllDayEventCoversDTSTARTToTheDayBeforeDTEND() throws {
        let feed = try Feed(Self.calendar("""
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART;VALUE=DATE:20261224\r
            DTEND;VALUE=DATE:20261227\r
            SUMMARY:closed\r
            END:VEVENT\r

            """))
        #expect(feed.eventCount == 1)
        let found = try feed.between(Self.day(2026, 12, 1), Self.day(2026, 12, 31)).get()
        #expect(found == [.init(summary: "closed", first: Self.day(2026, 12, 24), last: Self.day(2026, 12, 26))])
        #expect(try feed.between(Self.day(2026, 12, 27), Self.day(2026, 12, 31)).get().isEmpty)
    }

    @Test func aTimedEventEndingAtMidnightStaysOnItsDay() throws {
        let feed = try Feed(Self.calendar("""
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART;TZID=Europe/Berlin:20260601T220000\r
            DTEND;TZID=Europe/Berlin:20260602T000000\r
            SUMMARY:late\r
            END:VEVENT\r

            """))
        let found = try feed.between(Self.day(2026, 6, 1), Self.day(2026, 6, 2)).get()
        #expect(found == [.init(summary: "late", first: Self.day(2026, 6, 1), last: Self.day(2026, 6, 1))])
    }

    @Test func anEndlessRuleIsExpandedOnlyWhereAsked() throws {
        let feed = try Feed(Self.calendar("""
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART;VALUE=DATE:00010101\r
            RRULE:FREQ=DAILY\r
            SUMMARY:daily\r
            END:VEVENT\r

            """))
        let found = try feed.between(Self.day(2500, 1, 1), Self.day(2500, 1, 7)).get()
        #expect(found.count == 7)
        #expect(found.first?.first == Self.day(2500, 1, 1))
    }

    @Test func libicalExpandsRulesUpToTheYear2582() throws {
        // libical 3.0 stops every rule after 2582 (its MAX_YEAR); docs/policy-api.md says so.
        let feed = try Feed(Self.calendar("""
            BEGIN:VEVENT\r
            UID:a\r
            DTSTART;VALUE=DATE:20200101\r
            RRULE:FREQ=YEARLY\r
            SUMMARY:yearly\r
            END:VEVENT\r

            """))
        #expect(try feed.between(Self.day(2582, 1, 1), Self.day(2582, 1, 1)).get().count == 1)
        #expect(try feed.between(Self.day(2583, 1, 1), Self.day(2583, 1, 1)).get().isEmpty)
    }

    @Test func aLookupStopsAtTheStepCap() throws {
        let feed = try Feed(Self.calendar("""
            BEGIN:VEVENT\r
            UID:busy\r
            DTSTART:19000101T000000Z\r
            RRULE:FREQ=MINUTELY;COUNT=2000000000\r
            SUMMARY:minutes\r
            END:VEVENT\r

            """))
        guard case .failure(let failure) = feed.between(Self.day(2026, 1, 1), Self.day(2026, 1, 1)) else {
            Issue.record("no step cap")
            return
        }
        #expect(failure.message.contains("UID 'busy' (line 3)"))
        #expect(failure.message.contains("more than 200000 steps"))
    }
}
