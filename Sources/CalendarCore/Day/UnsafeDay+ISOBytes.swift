/// A day's `YYYY-MM-DD` written as bytes, for documents that write a date per day (`eval`'s
/// CSV rows and JSON day lines) without building a String, and `iso` itself, built in place.
///
/// Why pointers: appending ten placeholder bytes to an `[UInt8]` and then overwriting them
/// cost ~170 instructions a day (a generic `Repeated` append, a uniqueness check per byte); a
/// row writer that holds a pointer into a region it sized beforehand (`UnsafeRowWriter` in
/// Rendering) wants the ten bytes written where it points, and an array wants them appended
/// in one copy.
extension Day {
    /// The most bytes `writeISO(to:)` writes: a sign, nineteen year digits, `-MM-DD`.
    public static let isoMaxByteCount = 26

    /// `iso`'s bytes written from `start` (at least `isoMaxByteCount` bytes must be writable
    /// there); returns how many were written (10 for a year in 0...9999).
    public func writeISO(to start: UnsafeMutablePointer<UInt8>) -> Int {
        let (y, m, d) = components
        guard y >= 0, y <= 9999 else {
            // Only a day outside `supportedRange` gets here; what `iso` writes, at most 26 bytes.
            var text = iso
            return text.withUTF8 { bytes in
                let count = min(bytes.count, Day.isoMaxByteCount)
                if let base = bytes.baseAddress { start.update(from: base, count: count) }
                return count
            }
        }
        Day.writeISO(y, m, d, into: UnsafeMutableBufferPointer(start: start, count: 10))
        return 10
    }

    /// `writeISO(to:)` for a day whose Gregorian date the caller already has, as
    /// `GregorianCalendarSystem` gives it: a report in the Gregorian calendar converts each day
    /// once, not once for its date and again for its ISO text. Checking that the date is this
    /// day's (the date to day number direction is a few multiplications) is far cheaper than
    /// the conversion; a date that is not falls back to `writeISO(to:)`.
    public func writeISO(year y: Int, month m: Int, day d: Int, to start: UnsafeMutablePointer<UInt8>) -> Int {
        guard y >= 0, y <= 9999, (1...12).contains(m), d >= 1, d <= GregorianMath.daysInMonth(year: y, month: m),
              GregorianMath.dayNumber(year: y, month: m, day: d) == dayNumber else { return writeISO(to: start) }
        Day.writeISO(y, m, d, into: UnsafeMutableBufferPointer(start: start, count: 10))
        return 10
    }

    /// `iso`'s bytes appended to `out`, without building a string (a JSON day line, a month
    /// grid's cells): written into a scratch region on the stack, then appended in one copy.
    public func appendISO(to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Day.isoMaxByteCount) { region in
            let start = region.baseAddress!
            let count = writeISO(to: start)
            out.append(contentsOf: UnsafeBufferPointer(start: start, count: count))
        }
    }

    /// `YYYY-MM-DD` into the first ten bytes of `buffer`, for a year in 0...9999.
    @inline(__always)
    static func writeISO(_ y: Int, _ m: Int, _ d: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        writeDigits(y, width: 4, into: buffer, at: 0)
        buffer[4] = UInt8(ascii: "-")
        writeDigits(m, width: 2, into: buffer, at: 5)
        buffer[7] = UInt8(ascii: "-")
        writeDigits(d, width: 2, into: buffer, at: 8)
    }

    /// Zero-padded decimal of a non-negative `value` below 10^width.
    @inline(__always)
    static func writeDigits(_ value: Int, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var index = start + width - 1
        while index >= start {
            buffer[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
            rest /= 10
            index -= 1
        }
    }

    /// `YYYY-MM-DD`; years outside 0...9999 get a sign and at least four digits.
    public var iso: String {
        let (y, m, d) = components
        if y >= 0, y <= 9999 {
            // Ten ASCII bytes fit a small (inline) string: no allocation, no concatenation.
            // Every CSV row and many denial reasons format a date, so this runs per day.
            return String(unsafeUninitializedCapacity: 10) { buffer in
                Day.writeISO(y, m, d, into: buffer)
                return 10
            }
        }
        let year = y < 0 ? "-" + Day.pad(-y, 4) : Day.pad(y, 4)
        return year + "-" + Day.pad(m, 2) + "-" + Day.pad(d, 2)
    }

    /// `iso` followed by `tail`, built in one allocation: per-day denial reasons start with
    /// the date, and appending the tail to the date string cost twice as much as the date.
    func iso(followedBy tail: StaticString) -> String {
        let (y, m, d) = components
        guard y >= 0, y <= 9999 else { return iso + tail.description }
        let count = 10 + tail.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: count) { buffer in
            Day.writeISO(y, m, d, into: buffer)
            tail.withUTF8Buffer { bytes in
                guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                (target + 10).update(from: source, count: bytes.count) // one copy, not a checked store per byte
            }
            return count
        }
    }
}
