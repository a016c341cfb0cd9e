import CalendarCore

/// One row (a CSV row, the fixed head of a JSON day line) written at a raw pointer into a
/// scratch region sized for the row's worst case, then appended to the output in one copy.
///
/// Why pointers: `eval` writes a row per day, and appending a row to an `[UInt8]` a field at a
/// time cost a uniqueness and capacity check per byte (`Array.append`), a generic append of
/// placeholder bytes for each date and a call per number: ~1,400 instructions a row, more than
/// a trivial policy's evaluation of the day. Here the row costs one uniqueness check and one
/// copy. Every write stays inside the region because `append(to:capacity:_:)` is given the
/// row's worst case (its fixed fields' longest text plus the UTF-8 length of each text it
/// writes); `remaining` checks that in debug builds.
public struct UnsafeRowWriter {
    // Seen by the inlinable writes: a call per piece across modules (the decision line's) cost
    // as much as the piece.
    @usableFromInline var cursor: UnsafeMutablePointer<UInt8>
    @usableFromInline let end: UnsafeMutablePointer<UInt8>

    private init(_ region: UnsafeMutableBufferPointer<UInt8>) {
        cursor = region.baseAddress!
        end = cursor + region.count
    }

    /// Runs `write` over `region` (which must hold the worst case of what it writes) and returns
    /// the bytes it wrote, from the region's start: a whole line (the decision log's) written in
    /// place, in a buffer the caller keeps, and handed on in one copy.
    public static func write(in region: UnsafeMutableBufferPointer<UInt8>,
                             _ write: (inout UnsafeRowWriter) -> Void) -> UnsafeBufferPointer<UInt8> {
        guard let start = region.baseAddress else { return UnsafeBufferPointer(start: nil, count: 0) }
        var writer = UnsafeRowWriter(region)
        write(&writer)
        return UnsafeBufferPointer(start: start, count: writer.cursor - start)
    }

    /// The longest `integer` writes: a sign and nineteen digits.
    public static let integerMaxByteCount = 20

    /// Runs `write` over a scratch region of `capacity` bytes (on the stack when small) and
    /// appends what it wrote to `out` when it returns true; when it returns false (a text that
    /// needs escaping or quoting), `out` is left as it was.
    @inline(__always)
    public static func append(to out: inout [UInt8], capacity: Int, _ write: (inout UnsafeRowWriter) -> Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { region in
            var writer = UnsafeRowWriter(region)
            guard write(&writer) else { return false }
            let start = region.baseAddress!
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: writer.cursor - start))
            return true
        }
    }

    /// Bytes still free in the region (debug checks only).
    @usableFromInline var remaining: Int { end - cursor }

    @inlinable @inline(__always)
    public mutating func byte(_ value: UInt8) {
        assert(remaining >= 1)
        cursor.pointee = value
        cursor += 1
    }

    @inlinable @inline(__always)
    public mutating func put(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        assert(remaining >= count)
        cursor.update(from: text.utf8Start, count: count)
        cursor += count
    }

    /// Bytes prepared once (an escaped phrase); the region's capacity counts them.
    @inlinable @inline(__always)
    public mutating func bytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { copy($0) }
    }

    /// `bytes` as they are; the region's capacity counts them.
    @inlinable @inline(__always)
    public mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        assert(remaining >= bytes.count)
        guard let start = bytes.baseAddress else { return }
        cursor.update(from: start, count: bytes.count)
        cursor += bytes.count
    }

    /// Where the next byte goes: with `again(from:)`, a text written once in this row is
    /// copied again without being checked again.
    var position: UnsafeMutablePointer<UInt8> { cursor }

    /// The bytes from `start` (an earlier `position` of this row) to where that text ended.
    @inline(__always)
    mutating func again(from start: UnsafeMutablePointer<UInt8>, count: Int) {
        assert(remaining >= count)
        cursor.update(from: start, count: count)
        cursor += count
    }

    /// `true` / `false`, as `String(Bool)` writes them.
    @inline(__always)
    mutating func bool(_ value: Bool) {
        if value { put("true") } else { put("false") }
    }

    /// Decimal text of `value`, as `String(value)` writes it (at most `integerMaxByteCount` bytes).
    @inline(__always)
    public mutating func integer(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var rest = value.magnitude
        if rest < 10 { return byte(UInt8(truncatingIfNeeded: 0x30 &+ rest)) }
        var digits = 2
        var bound: UInt = 100
        while rest >= bound, digits < 20 {
            digits += 1
            if bound > UInt.max / 10 { break }
            bound &*= 10
        }
        assert(remaining >= digits)
        var index = digits
        repeat {
            index -= 1
            cursor[index] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
            rest /= 10
        } while index > 0
        cursor += digits
    }

    /// `day.iso` (at most `Day.isoMaxByteCount` bytes).
    @inline(__always)
    mutating func iso(_ day: Day) {
        assert(remaining >= Day.isoMaxByteCount)
        cursor += day.writeISO(to: cursor)
    }

    /// `day.iso` from its Gregorian `date` (see `Day.writeISO(year:month:day:to:)`).
    @inline(__always)
    mutating func iso(_ day: Day, gregorian date: CalendarDate) {
        assert(remaining >= Day.isoMaxByteCount)
        cursor += day.writeISO(year: date.year, month: date.month.month, day: date.day, to: cursor)
    }

    /// The most bytes `allowedRow` may touch: the longest fixed fields (as `iso(_:)` and
    /// `integer` write them, four commas and a leap month's `L`), one weekday digit, and the 24
    /// bytes of the tail's three 8-byte stores (21 written, 3 past the row: overwritten by the
    /// next row or never appended).
    static let allowedRowMaxByteCount = Day.isoMaxByteCount + 3 * integerMaxByteCount + 4 + 1 + 1 + 24

    /// The row of a day nothing refused or decorated, in the Gregorian calendar:
    /// `date,year,month,day,weekday,true,true,` and eleven empty columns, the bytes
    /// `EvalCSVRenderer.plainRow` writes for such a day. `date` must be `day`'s Gregorian date
    /// (the caller made it with `ConsecutiveDates` of the Gregorian calendar).
    ///
    /// Why its own writer: it is nearly every row of a long span, and each of its fields is known
    /// in size. For a year in 1000...9999 (the common case) the date's digits come from a table
    /// of pairs (no division loop), the year, month and day columns are copies of the ISO date's
    /// digits, and the constant tail is three 8-byte stores (a `memcpy` call each, before).
    @inline(__always)
    mutating func allowedRow(_ day: Day, gregorian date: CalendarDate) {
        assert(remaining >= UnsafeRowWriter.allowedRowMaxByteCount)
        gregorianDateColumns(day, date)
        allowedTail(weekday: day.weekday)
    }

    /// `date,year,month,day,` of a day in the Gregorian calendar, `date` being its date (as
    /// `ConsecutiveDates` gives it): the ISO date's digits written once and copied for the
    /// year, month and day columns. Every row of a long span starts with these (~110
    /// instructions a row written field by field, with a check of the date against the day).
    @inline(__always)
    mutating func gregorianDateColumns(_ day: Day, _ date: CalendarDate) {
        let y = date.year, m = date.month.month, d = date.day
        guard y >= 1000, y <= 9999, !date.isLeapMonth else { return dateColumnsOfAnyYear(day, date) }
        assert(GregorianMath.dayNumber(year: y, month: m, day: d) == day.dayNumber)
        // A local cursor: stores through it cannot be the writer's own, so it stays in a register.
        let start = cursor
        var at = start
        UnsafeRowWriter.twoDigits(y / 100, at: &at)
        UnsafeRowWriter.twoDigits(y % 100, at: &at)
        UnsafeRowWriter.byte(UInt8(ascii: "-"), at: &at)
        UnsafeRowWriter.twoDigits(m, at: &at)
        UnsafeRowWriter.byte(UInt8(ascii: "-"), at: &at)
        UnsafeRowWriter.twoDigits(d, at: &at)
        UnsafeRowWriter.byte(UInt8(ascii: ","), at: &at)
        UnsafeRowWriter.copy(UInt32.self, from: start, at: &at) // the year column: the ISO date's year digits
        UnsafeRowWriter.byte(UInt8(ascii: ","), at: &at)
        if m >= 10 {
            UnsafeRowWriter.copy(UInt16.self, from: start + 5, at: &at)
        } else {
            UnsafeRowWriter.byte(UInt8(truncatingIfNeeded: 0x30 &+ m), at: &at)
        }
        UnsafeRowWriter.byte(UInt8(ascii: ","), at: &at)
        if d >= 10 {
            UnsafeRowWriter.copy(UInt16.self, from: start + 8, at: &at)
        } else {
            UnsafeRowWriter.byte(UInt8(truncatingIfNeeded: 0x30 &+ d), at: &at)
        }
        UnsafeRowWriter.byte(UInt8(ascii: ","), at: &at)
        cursor = at
    }

    /// `gregorianDateColumns` of a year that is not four digits wide (or a leap month): field by field.
    @inline(never)
    private mutating func dateColumnsOfAnyYear(_ day: Day, _ date: CalendarDate) {
        iso(day)
        byte(UInt8(ascii: ","))
        integer(date.year)
        byte(UInt8(ascii: ","))
        integer(date.month.month)
        if date.isLeapMonth { byte(UInt8(ascii: "L")) }
        byte(UInt8(ascii: ","))
        integer(date.day)
        byte(UInt8(ascii: ","))
    }

    /// The weekday digit, both verdicts and the eleven empty columns.
    @inline(__always)
    private mutating func allowedTail(weekday: Int) {
        cursor.pointee = UInt8(truncatingIfNeeded: 0x30 &+ weekday)
        let tail = UnsafeRawPointer(UnsafeRowWriter.allowedTail.utf8Start)
        let to = UnsafeMutableRawPointer(cursor + 1)
        to.storeBytes(of: tail.loadUnaligned(as: UInt64.self), as: UInt64.self)
        to.storeBytes(of: tail.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        to.storeBytes(of: tail.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        cursor += 1 + UnsafeRowWriter.allowedTailCount
    }

    /// After the weekday of an allowed row: both verdicts and eleven empty columns, padded to 24
    /// bytes for three 8-byte loads.
    private static let allowedTail: StaticString = ",true,true,,,,,,,,,,,,\n\0"
    private static let allowedTailCount = 23

    /// "00" to "99": two digits at a time.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// `value` in 0...99 as two digits at `at`.
    @inline(__always)
    private static func twoDigits(_ value: Int, at: inout UnsafeMutablePointer<UInt8>) {
        assert((0...99).contains(value))
        let pair = UnsafeRawPointer(digitPairs.utf8Start + 2 * value).loadUnaligned(as: UInt16.self)
        UnsafeMutableRawPointer(at).storeBytes(of: pair, as: UInt16.self)
        at += 2
    }

    @inline(__always)
    private static func byte(_ value: UInt8, at: inout UnsafeMutablePointer<UInt8>) {
        at.pointee = value
        at += 1
    }

    /// The bytes of a `T` written earlier in this row (at `start`), again, at `at`.
    @inline(__always)
    private static func copy<T: FixedWidthInteger>(_: T.Type, from start: UnsafeMutablePointer<UInt8>,
                                                   at: inout UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(at).storeBytes(of: UnsafeRawPointer(start).loadUnaligned(as: T.self), as: T.self)
        at += MemoryLayout<T>.size
    }

    /// `text`'s UTF-8 as `CSVWriter.appendText` writes a clean text (`CSVWriter.isPlain`):
    /// unchanged. False, with nothing written, when the text needs escaping, neutralising or
    /// quoting; the caller then writes the row the slow way.
    @inline(__always)
    mutating func plainText(_ text: String) -> Bool {
        // The text's own storage when it has one (every native string): no mutable copy.
        if let written = text.utf8.withContiguousStorageIfAvailable({ plainBytes($0) }) { return written }
        var text = text
        return text.withUTF8 { plainBytes($0) }
    }

    @inline(__always)
    private mutating func plainBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard CSVWriter.isPlain(bytes) else { return false }
        assert(remaining >= bytes.count)
        if let base = bytes.baseAddress { cursor.update(from: base, count: bytes.count) }
        cursor += bytes.count
        return true
    }
}
