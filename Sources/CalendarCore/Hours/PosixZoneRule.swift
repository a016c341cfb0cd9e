/// A POSIX TZ rule, as a TZif footer carries it for the years after the file's last
/// transition: `std offset [dst [offset] [,start[/time],end[/time]]]`, e.g.
/// "CET-1CEST,M3.5.0,M10.5.0/3", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "<-03>3".
/// Offsets are POSIX's (west positive); times may be negative or past 24 h (RFC 8536's
/// extension), start and end in `Mm.w.d`, `Jn` or `n` form.
struct PosixZoneRule: Sendable, Hashable {
    /// Seconds east of UTC in standard and daylight time.
    let standard: Int
    let daylight: Int
    /// nil: standard time all year.
    let change: (start: Moment, end: Moment)?

    /// When in a year DST starts or ends: a date rule and seconds after that day's local midnight.
    struct Moment: Hashable, Sendable {
        enum Date: Hashable, Sendable {
            /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
            case monthWeek(month: Int, week: Int, weekday: Int)
            /// `Jn`: day n of the year, 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: day n of the year, 0...365, February 29 counted.
            case zeroBased(Int)
        }
        var date: Date
        var seconds: Int

        /// The day number (days since 1970) of this date in `year`.
        func dayNumber(in year: Int) -> Int {
            switch date {
            case .monthWeek(let month, let week, let weekday):
                let first = GregorianMath.dayNumber(year: year, month: month, day: 1)
                let firstWeekday = GregorianMath.weekday(of: first) - 1
                var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                while day - first >= GregorianMath.daysInMonth(year: year, month: month) { day -= 7 }
                return day
            case .julian(let n):
                let start = GregorianMath.dayNumber(year: year, month: 1, day: 1)
                return start + n - 1 + (GregorianMath.isLeapYear(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                return GregorianMath.dayNumber(year: year, month: 1, day: 1) + n
            }
        }
    }

    static func == (lhs: PosixZoneRule, rhs: PosixZoneRule) -> Bool {
        lhs.standard == rhs.standard && lhs.daylight == rhs.daylight && lhs.change?.start == rhs.change?.start
            && lhs.change?.end == rhs.change?.end
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(standard)
        hasher.combine(daylight)
        hasher.combine(change?.start)
        hasher.combine(change?.end)
    }

    /// Seconds east of UTC at an instant.
    func offset(at instant: Int64) -> Int {
        guard let change else { return standard }
        // The year as standard local time reads it; DST starts in standard time and ends in
        // daylight time (each moment is wall time of the offset in force before it).
        let local = instant + Int64(standard)
        let year = GregorianMath.civil(from: Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)).year
        let start = Int64(change.start.dayNumber(in: year)) * 86_400 + Int64(change.start.seconds) - Int64(standard)
        let end = Int64(change.end.dayNumber(in: year)) * 86_400 + Int64(change.end.seconds) - Int64(daylight)
        let inDaylight = start <= end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
        return inDaylight ? daylight : standard
    }

    /// Parses a footer; nil when it is not a rule this reads.
    init?(_ text: String) {
        var scanner = PosixRuleScanner(Array(text.utf8))
        guard scanner.name(), let standardWest = scanner.offset() else { return nil }
        standard = -standardWest
        if scanner.atEnd {
            (daylight, change) = (standard, nil)
            return
        }
        guard scanner.name() else { return nil }
        if !scanner.peek(",") {
            guard let daylightWest = scanner.offset() else { return nil }
            daylight = -daylightWest
        } else {
            daylight = standard + 3600
        }
        guard scanner.take(","), let start = scanner.moment(), scanner.take(","), let end = scanner.moment(),
              scanner.atEnd else { return nil }
        change = (start, end)
    }
}

/// Reads the parts of a POSIX TZ string.
struct PosixRuleScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    func peek(_ character: Unicode.Scalar) -> Bool { position < bytes.count && bytes[position] == UInt8(ascii: character) }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek(character) else { return false }
        position += 1
        return true
    }

    /// `<...>` or three or more letters.
    mutating func name() -> Bool {
        if take("<") {
            guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")), close > position else { return false }
            position = close + 1
            return true
        }
        let start = position
        while position < bytes.count, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[position] & 0xDF) {
            position += 1
        }
        return position - start >= 3
    }

    mutating func number(maximum: Int) -> Int? {
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
            guard value <= maximum else { return nil }
        }
        return position > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds; hours up to 167 (RFC 8536's extension for times).
    mutating func offset() -> Int? {
        let sign = take("-") ? -1 : (take("+") ? 1 : 1)
        guard let hours = number(maximum: 167) else { return nil }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(maximum: 59) else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let rest = number(maximum: 59) else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    /// A date rule and its optional `/time` (default 02:00).
    mutating func moment() -> PosixZoneRule.Moment? {
        let date: PosixZoneRule.Moment.Date
        if take("M") {
            guard let month = number(maximum: 12), month >= 1, take("."), let week = number(maximum: 5), week >= 1,
                  take("."), let weekday = number(maximum: 6) else { return nil }
            date = .monthWeek(month: month, week: week, weekday: weekday)
        } else if take("J") {
            guard let day = number(maximum: 365), day >= 1 else { return nil }
            date = .julian(day)
        } else {
            guard let day = number(maximum: 365) else { return nil }
            date = .zeroBased(day)
        }
        var seconds = 7200
        if take("/") {
            guard let time = offset() else { return nil }
            seconds = time
        }
        return PosixZoneRule.Moment(date: date, seconds: seconds)
    }
}
