/// Runs of empty answers, made as bytes.
///
/// Why: a policy that refuses few days (the weekday filter, a holiday list) starts its run as
/// `count` empty answers. `Array(repeating:count:)` copied the empty answer through its value
/// witness once per day (~65 instructions, a walk over its optional texts); the empty answer
/// holds no reference (both verdicts allowed, no decoration), so a copy of its bytes is the
/// same value.
extension DayAnswers {
    /// `count` empty answers (`DayAnswers()`).
    public static func empty(count: Int) -> [DayAnswers] {
        guard count > 0 else { return [] }
        return [DayAnswers](unsafeUninitializedCapacity: count) { slots, initialized in
            initializeAsBytes(slots.baseAddress!, count: count, of: DayAnswers())
            initialized = count
        }
    }
}
