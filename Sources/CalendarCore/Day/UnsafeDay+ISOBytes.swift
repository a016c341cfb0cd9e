/// A day's `YYYY-MM-DD` written as bytes, for documents that write a date per day (`eval`'s
/// CSV rows and JSON day lines) without building a String.
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
}
