/// Floor division and modulo: calendar formulas are stated with floor semantics,
/// and Swift's `/` and `%` truncate toward zero, which breaks them for years ≤ 0.
enum CalendarMath {
    @inlinable
    static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    @inlinable
    static func mod(_ a: Int, _ b: Int) -> Int {
        let r = a % b
        return r < 0 ? r + Swift.abs(b) : r
    }

    /// Day number (days since 1970-01-01) of a Reingold–Dershowitz fixed date (R.D. 1 = 0001-01-01).
    @inlinable
    static func dayNumber(fixed: Int) -> Int { fixed - 719_163 }
}
