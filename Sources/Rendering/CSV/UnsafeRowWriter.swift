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
struct UnsafeRowWriter {
    private var cursor: UnsafeMutablePointer<UInt8>
    private let end: UnsafeMutablePointer<UInt8>

    private init(_ region: UnsafeMutableBufferPointer<UInt8>) {
        cursor = region.baseAddress!
        end = cursor + region.count
    }

    /// The longest `integer` writes: a sign and nineteen digits.
    static let integerMaxByteCount = 20

    /// Runs `write` over a scratch region of `capacity` bytes (on the stack when small) and
    /// appends what it wrote to `out` when it returns true; when it returns false (a text that
    /// needs escaping or quoting), `out` is left as it was.
    @inline(__always)
    static func append(to out: inout [UInt8], capacity: Int, _ write: (inout UnsafeRowWriter) -> Bool) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { region in
            var writer = UnsafeRowWriter(region)
            guard write(&writer) else { return false }
            let start = region.baseAddress!
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: writer.cursor - start))
            return true
        }
    }

    /// Bytes still free in the region (debug checks only).
    private var remaining: Int { end - cursor }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        assert(remaining >= 1)
        cursor.pointee = value
        cursor += 1
    }

    @inline(__always)
    mutating func put(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        assert(remaining >= count)
        cursor.update(from: text.utf8Start, count: count)
        cursor += count
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
    mutating func integer(_ value: Int) {
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
