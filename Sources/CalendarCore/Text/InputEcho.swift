/// A value from outside (an argument, a policy's string, a request parameter, a line of a file)
/// as an error message quotes it: whole up to `maxCharacters`, else its start and its length, so
/// the reason that follows it still fits the one bounded error line (`TerminalText.maxLineBytes`
/// cuts the end of a longer line, where the reason is).
public enum InputEcho {
    public static let maxCharacters = 200

    /// `value`, or its first `maxCharacters` characters and "... (N bytes)".
    public static func cut(_ value: String, maxCharacters: Int = maxCharacters) -> String {
        guard value.utf8.count > maxCharacters else { return value }
        return String(value.prefix(maxCharacters)) + "... (\(value.utf8.count) bytes)"
    }
}
