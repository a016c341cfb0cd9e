import CalendarCore

/// Stable event UIDs: the same policy name, first day and summary give the same UID in every
/// export, so a calendar re-importing the file or refreshing a subscription updates the event
/// instead of adding a copy. The policy's name (its file name, never its path) keeps a UID
/// when the file moves.
public enum ICSIdentifier {
    public static let domain = "calpolicy"

    /// `20261225-3f2a…@calpolicy`: the first day, readable, then 64 bits of FNV-1a over the
    /// policy name, first day and summary (separated by U+001F, which none of them holds).
    public static func uid(policy: String, first: Day, summary: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        mix(policy)
        mix("\u{1F}" + first.iso + "\u{1F}")
        mix(summary)
        var hex = String(hash, radix: 16)
        if hex.count < 16 { hex = String(repeating: "0", count: 16 - hex.count) + hex }
        return ICSEvent.basicDate(first) + "-" + hex + "@" + domain
    }
}
