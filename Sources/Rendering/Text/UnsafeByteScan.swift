/// Scans of UTF-8 bytes eight at a time, for the writers that must know whether a text can be
/// written as it is (CSV's `isPlain`, JSON's `isPlainContents`): every reason, label and policy
/// name of a long report passes through one, and a checked scan byte by byte cost ~20
/// instructions a byte.
///
/// Why pointers: a word is loaded from wherever the bytes lie (unaligned), which only a raw
/// pointer can do; the caller's bytes are read, never kept.
enum ByteScan {
    /// How many bytes from the start of `bytes` are plain: whole words are skipped while
    /// `suspectWord` says none of their eight bytes may be special, then single bytes while
    /// `specialByte` is false. `bytes.count` when every byte is plain. `suspectWord` must be
    /// true for every word holding a byte `specialByte` is true for (it may be true for more).
    @inline(__always)
    static func plainPrefix(_ bytes: UnsafeBufferPointer<UInt8>, suspectWord: (UInt64) -> Bool,
                            specialByte: (UInt8) -> Bool) -> Int {
        guard let start = bytes.baseAddress else { return 0 }
        var cursor = start
        let end = start + bytes.count
        while end - cursor >= 8, !suspectWord(UnsafeRawPointer(cursor).loadUnaligned(as: UInt64.self)) {
            cursor += 8
        }
        while cursor < end, !specialByte(cursor.pointee) {
            cursor += 1
        }
        return cursor - start
    }

    /// Eight copies of `byte` in a word.
    @inline(__always)
    static func broadcast(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }

    /// High bits marking bytes of `word` below `bound` (at most 0x80): nonzero exactly when
    /// there is one (which bytes it marks may be off; "Bit Twiddling Hacks"). The masks of one
    /// word are or-ed and tested once: no branch per kind of byte.
    @inline(__always)
    static func below(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &- broadcast(bound)) & ~word & broadcast(0x80)
    }

    /// High bits marking bytes of `word` above `bound` (below 0x80): nonzero exactly when there is one.
    @inline(__always)
    static func above(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        ((word &+ broadcast(127 - bound)) | word) & broadcast(0x80)
    }

    /// High bits marking bytes of `word` equal to `byte`: nonzero exactly when there is one.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ broadcast(byte)
        return (difference &- broadcast(1)) & ~difference & broadcast(0x80)
    }
}
