import CalendarData
import CalendarCore

/// A reference as the engine's tools load it (diff, snapshots, policy tests): the same
/// policy `calpolicy eval` stacks, and a problem with it a policy error naming the reference,
/// the way a file that does not load is one.
extension HolidayReference {
    public static func builtInPolicy(_ text: String, data: HolidayData = .shared) throws(PolicyError) -> any DayPolicy {
        do {
            return try HolidayReference(text, data: data).policy(data: data)
        } catch {
            throw PolicyError(kind: .io, file: text, message: error.message)
        }
    }
}
