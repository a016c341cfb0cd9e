/// A field of the tab-separated lines the Lua side writes for the engine (`cal.windows` rows in
/// cal.lua, the test harness's records in test_harness.lua): both escape `\`, tab and line feed
/// as `\\`, `\t`, `\n` with the same `gsub`, so one reader undoes it.
enum PreludeField {
    /// The field's text with `\t`, `\n` and `\\` (any other `\x`: `x`) read back.
    static func unescape(_ text: some StringProtocol) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = "", escaped = false
        for character in text {
            if escaped {
                out.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
