/// The offsets of one zone of the tz database, read from its compiled form (a TZif file,
/// RFC 8536): every transition the file lists, then the POSIX TZ rule of its footer for the
/// years after them ("CET-1CEST,M3.5.0,M10.5.0/3").
///
/// Why not Foundation's `TimeZone`: the first one a process makes costs ~500,000 instructions
/// (its cache, ICU's zone data), a tenth of `gate`'s whole cold start; and it answers from
/// ICU's copy of the database, not the system's `/usr/share/zoneinfo` that Python's
/// `zoneinfo`, `date` and cron read. Only parsing and arithmetic live here; finding the file
/// is the caller's (`ZoneDatabase` in PolicyEngine).
public struct ZoneRules: Sendable, Hashable {
    /// Instants (seconds since 1970, UTC) where the offset changes, ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from `transitions[i]` on.
    let offsets: [Int32]
    /// The offset before the first transition (RFC 8536: the first time type).
    let initialOffset: Int32
    /// The footer's rule, for instants at or after the last transition; nil: the last offset stays.
    let rule: PosixZoneRule?

    /// One fixed offset for ever (UTC is `fixed(0)`).
    public static func fixed(_ offset: Int) -> ZoneRules {
        ZoneRules(transitions: [], offsets: [], initialOffset: Int32(offset), rule: nil)
    }

    /// Parses a TZif file (version 1 to 4); nil when the bytes are not one, or when it counts
    /// leap seconds (the `right/` zones: their instants are not POSIX seconds).
    public init?(tzif bytes: [UInt8]) {
        var reader = TZifReader(bytes: bytes)
        guard let first = reader.header(), first.leapCount == 0 else { return nil }
        var header = first, timeSize = 4
        if first.version >= 2 {
            // Skip the 32-bit block: the 64-bit one after it says the same for all instants.
            guard reader.skip(first.blockSize(timeSize: 4)), let second = reader.header(), second.leapCount == 0 else {
                return nil
            }
            (header, timeSize) = (second, 8)
        }
        guard let times = reader.integers(header.timeCount, size: timeSize),
              let indices = reader.bytes(header.timeCount) else { return nil }
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            guard let offset = reader.integers(1, size: 4)?.first, reader.skip(2), (-89_999...93_599).contains(offset)
            else { return nil }
            typeOffsets.append(Int32(offset))
        }
        guard !typeOffsets.isEmpty, indices.allSatisfy({ Int($0) < typeOffsets.count }),
              reader.skip(header.charCount + header.leapCount * (timeSize + 4) + header.stdCount + header.utCount)
        else { return nil }
        var rule: PosixZoneRule?
        if first.version >= 2 {
            guard let footer = reader.footer() else { return nil }
            if !footer.isEmpty {
                guard let parsed = PosixZoneRule(footer) else { return nil }
                rule = parsed
            }
        }
        self.init(transitions: times, offsets: indices.map { typeOffsets[Int($0)] }, initialOffset: typeOffsets[0],
                  rule: rule)
    }

    init(transitions: [Int64], offsets: [Int32], initialOffset: Int32, rule: PosixZoneRule?) {
        (self.transitions, self.offsets, self.initialOffset, self.rule) = (transitions, offsets, initialOffset, rule)
    }

    /// Seconds east of UTC at an instant.
    public func offset(at instant: Int64) -> Int {
        guard let last = transitions.last, instant >= transitions[0] else {
            // Before the first transition, or no transitions: the rule alone when there is one
            // (a zone with no history), else the first type.
            if transitions.isEmpty, let rule { return rule.offset(at: instant) }
            return Int(initialOffset)
        }
        if instant >= last, let rule { return rule.offset(at: instant) }
        // The last transition at or before the instant.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= instant { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }
}

/// The fields of a TZif file, read big-endian with bounds checks (a truncated or hostile file
/// is refused, never read past).
struct TZifReader {
    struct Header {
        var version: Int
        var utCount: Int, stdCount: Int, leapCount: Int, timeCount: Int, typeCount: Int, charCount: Int

        func blockSize(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4) + stdCount
                + utCount
        }
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func header() -> Header? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else {
            return nil
        }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - 48
        guard (1...9).contains(version) else { return nil }
        position += 20
        guard let counts = integers(6, size: 4), counts.allSatisfy({ (0...1_000_000).contains($0) }) else { return nil }
        return Header(version: version, utCount: Int(counts[0]), stdCount: Int(counts[1]), leapCount: Int(counts[2]),
                      timeCount: Int(counts[3]), typeCount: Int(counts[4]), charCount: Int(counts[5]))
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, position + count <= bytes.count else { return nil }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// `count` signed big-endian integers of `size` bytes (4 or 8).
    mutating func integers(_ count: Int, size: Int) -> [Int64]? {
        guard count >= 0, position + count * size <= bytes.count else { return nil }
        var values: [Int64] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            var value: UInt64 = 0
            for byte in bytes[position + index * size..<position + (index + 1) * size] {
                value = value << 8 | UInt64(byte)
            }
            values.append(size == 4 ? Int64(Int32(truncatingIfNeeded: value)) : Int64(bitPattern: value))
        }
        position += count * size
        return values
    }

    /// The text between the newlines after the 64-bit block.
    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\n") else { return nil }
        guard let end = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\n")), end - position <= 256 else {
            return nil
        }
        defer { position = end + 1 }
        return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
    }
}
