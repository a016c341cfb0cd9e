import CalendarCore

/// An instant as ISO 8601 text with its offset (`ISOInstant`), its problems in the words of
/// the option that carried it.
public enum InstantText {
    /// Seconds since the epoch, or a one-line problem about `option`.
    public static func parse(_ text: String, option: OptionSpec) throws(RequestError) -> Int64 {
        let expected = "expected an instant such as 2026-12-24T13:05:00+01:00 or 2026-12-24T12:05:00Z"
        switch ISOInstant.parse(text) {
        case .success(let instant): return instant
        case .failure(.format): throw RequestError(option, value: text, reason: expected)
        case .failure(.noOffset):
            throw RequestError(option, value: text, reason: "has no UTC offset; add Z or one such as +01:00 "
                                   + "(no local time is assumed)")
        case .failure(.noSuchTime): throw RequestError(option, value: text, reason: "no such time of day; " + expected)
        case .failure(.noSuchDay): throw RequestError(option, value: text, reason: "no such day; " + expected)
        }
    }
}
