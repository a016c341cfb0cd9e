import CalendarCore

/// Stable event UIDs: a window keeps its UID when it grows or shrinks, so a calendar refreshing
/// a subscription updates the event instead of adding a copy. The UID depends on the policy's
/// name (its file name, never its path, so a moved file keeps it), the summary, the year the
/// window starts in and its ordinal among the windows of that policy and summary starting that
/// year — never on its days.
public enum ICSIdentifier {
    public static let domain = "calpolicy"

    /// `2026-3f2a…@calpolicy`: the starting year, readable, then 64 bits of FNV-1a over the
    /// policy name, summary, year and ordinal (separated by U+001F, which none of them holds).
    public static func uid(policy: String, summary: String, year: Int, ordinal: Int) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        mix(policy)
        mix("\u{1F}" + summary + "\u{1F}")
        mix(String(year) + "\u{1F}" + String(ordinal))
        var hex = String(hash, radix: 16)
        if hex.count < 16 { hex = String(repeating: "0", count: 16 - hex.count) + hex }
        return FeedWindow.pad(year, 4) + "-" + hex + "@" + domain
    }
}
