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

    /// Rules one libical call would spin on (minutes for FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30)
    /// are refused at parse, naming the event's line, before any iterator exists.
    @Test func rulesThatCanNeverOccurOrSkipMonthsAreRefusedAtParse() {
        let refused: [(rule: String, start: String, message: String)] = [
            ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", "20260101T000000Z", "FREQ=MINUTELY with BYMONTH"),
            ("FREQ=SECONDLY;BYMONTH=2", "20260101T000000Z", "FREQ=SECONDLY with BYMONTH"),
            ("FREQ=HOURLY;BYMONTHDAY=31", "20260101T000000Z", "FREQ=HOURLY with BYMONTHDAY"),
            ("FREQ=SECONDLY;BYDAY=MO", "20260101T000000Z", "FREQ=SECONDLY with BYDAY"),
            ("FREQ=MINUTELY;BYYEARDAY=1", "20260101T000000Z", "with BYYEARDAY"),
            ("FREQ=HOURLY;BYWEEKNO=1", "20260101T000000Z", "with BYWEEKNO"),
            ("FREQ=MINUTELY;BYSETPOS=1;BYHOUR=9", "20260101T000000Z", "with BYSETPOS"),
            ("FREQ=MINUTELY;INTERVAL=60;BYMINUTE=30", "20260101T000000Z", "INTERVAL=60 and BYMINUTE"),
            ("FREQ=HOURLY;INTERVAL=2;BYHOUR=9", "20260101T000000Z", "INTERVAL=2 and BYHOUR"),
            ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "20260101", "can never occur"),
            ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31,30", "20260101", "can never occur"),
            ("FREQ=YEARLY;BYMONTH=4,6,9,11;BYMONTHDAY=31", "20260101", "can never occur"),
            ("FREQ=MONTHLY;BYMONTH=4;BYMONTHDAY=-31", "20260101", "can never occur"),
            ("FREQ=MONTHLY;BYMONTH=2", "20260130", "with DTSTART's day"),
            ("FREQ=YEARLY;BYMONTH=4", "20260131", "with DTSTART's day"),
            ("FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1", "20260101", "can never occur"),
            ("FREQ=YEARLY;BYYEARDAY=-366;BYMONTH=12", "20260101", "can never occur"),
            ("FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6", "20260101", "can never occur"),
            ("FREQ=YEARLY;BYWEEKNO=1;BYMONTH=7", "20260101", "can never occur"),
            ("FREQ=MONTHLY;BYDAY=6MO", "20260101", "can never occur"),
            ("FREQ=MONTHLY;BYDAY=-6FR", "20260101", "can never occur"),
            ("FREQ=YEARLY;BYDAY=54MO", "20260101", "can never occur"),
            ("FREQ=MONTHLY;BYMONTH=2;BYDAY=5MO;BYMONTHDAY=1,2,3", "20260101", "can never occur"),
            ("FREQ=DAILY;INTERVAL=7;BYDAY=MO", "20260303", "every 7 days"),
            ("FREQ=DAILY;INTERVAL=14;BYDAY=WE,FR", "20260303", "every 14 days"),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=10", "20260101", "no BYSETPOS"),
            ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1;BYSETPOS=2", "20260101", "no BYSETPOS"),
            ("FREQ=WEEKLY;BYSETPOS=8", "20260101", "no BYSETPOS"),
            ("FREQ=MONTHLY;BYMONTH=13", "20260101", "RRULE"),
            ("FREQ=DAILY;INTERVAL=0", "20260101", "RRULE"),
            // Another calendar is held to the frequency limits, a Gregorian RSCALE to all of them.
            ("RSCALE=CHINESE;FREQ=MINUTELY;BYMONTH=2", "20260101T000000Z", "FREQ=MINUTELY with BYMONTH"),
            ("RSCALE=GREGORIAN;FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "20260101", "can never occur"),
        ]
        let clock = ContinuousClock()
        let started = clock.now
        for (rule, start, message) in refused {
            let value = start.count == 8 ? "DTSTART;VALUE=DATE:" + start : "DTSTART:" + start
            do {
                _ = try Feed(Self.calendar("BEGIN:VEVENT\r\nUID:r\r\n\(value)\r\nRRULE:\(rule)\r\nSUMMARY:s\r\nEND:VEVENT\r\n"))
                Issue.record("parsed: \(rule) from \(start)")
            } catch {
                #expect(error.line == 3, "\(rule)")
                #expect(error.message.contains(message), "\(rule): \(error.message)")
            }
        }
        #expect(clock.now - started < .seconds(2), "refusing \(refused.count) rules")
    }

    /// Rules that can occur, however rarely, are not refused, and a lookup answers them.
    @Test func rareButPossibleRulesStillExpand() throws {
        let allowed: [(rule: String, start: String, on: (Int, Int, Int))] = [
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "20240229", (2028, 2, 29)),
            ("FREQ=YEARLY", "20240229", (2028, 2, 29)),
            ("FREQ=MONTHLY;BYMONTH=2;BYDAY=5MO", "20260101", (2044, 2, 29)),
            ("FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH", "20260101", (2026, 12, 31)),
            ("FREQ=YEARLY;BYYEARDAY=366", "20260101", (2028, 12, 31)),
            ("FREQ=MONTHLY;BYMONTHDAY=31", "20260101", (2026, 3, 31)),
            ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1", "20260101", (2026, 1, 26)),
            ("FREQ=DAILY;INTERVAL=14;BYDAY=TU", "20260303", (2026, 3, 17)),
            ("FREQ=HOURLY;BYHOUR=9", "20260101T000000Z", (2026, 6, 1)),
            ("FREQ=SECONDLY;COUNT=5", "20260101T000000Z", (2026, 1, 1)),
            // RFC 7529 (through ICU): Chinese New Year, and a Gregorian RSCALE held to the usual checks.
            ("RSCALE=CHINESE;FREQ=YEARLY", "20240210", (2025, 1, 29)),
            ("RSCALE=GREGORIAN;FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "20240229", (2028, 2, 29)),
        ]
        for (rule, start, on) in allowed {
            let value = start.count == 8 ? "DTSTART;VALUE=DATE:" + start : "DTSTART:" + start
            let feed = try Feed(Self.calendar("BEGIN:VEVENT\r\nUID:r\r\n\(value)\r\nRRULE:\(rule)\r\nSUMMARY:s\r\nEND:VEVENT\r\n"))
            let day = Self.day(on.0, on.1, on.2)
            let found = try feed.between(day, day).get()
            #expect(!found.isEmpty && found.allSatisfy { $0.first == day }, "\(rule) on \(on): \(found)")
        }
    }

    /// However many slow-but-possible rules a file holds (here ~14 s of CPU), one lookup stops
    /// after ICF_MAX_LOOKUP_MS of CPU (checked between libical's calls), so a run that has been given up on
    /// cannot keep a core busy inside one lookup.
    @Test func aLookupStopsAtItsTimeBudget() {
        var events = ""
        for index in 0..<2_000 { // each ~3 ms a call, ~7 ms a lookup
            events += "BEGIN:VEVENT\r\nUID:slow\(index)\r\nDTSTART:20200101T000001Z\r\n"
                + "RRULE:FREQ=SECONDLY;BYHOUR=9;BYMINUTE=0;BYSECOND=0\r\nSUMMARY:s\r\nEND:VEVENT\r\n"
        }
        let clock = ContinuousClock()
        do {
            let feed = try Feed(Self.calendar(events))
            let started = clock.now
            let result = feed.between(Self.day(2026, 1, 1), Self.day(2026, 1, 3))
            #expect(clock.now - started < .seconds(6))
            guard case .failure(let failure) = result else {
                Issue.record("2,000 rules of ~3 ms a call answered within the budget")
                return
            }
            #expect(failure.message.contains("more than 1000 ms of CPU"), "\(failure.message)")
        } catch {
            Issue.record("\(error.message)")
        }
    }
}
