/// The registry from CLI names to calendar systems.
///
/// Interim version: only the Gregorian family is known here; other systems fall
/// back to Gregorian until their implementations land.
public enum CalendarSystems {
    public static func system(for identifier: CalendarIdentifier) -> any CalendarSystem {
        switch identifier {
        case .iso8601: return GregorianCalendarSystem(identifier: .iso8601)
        default: return GregorianCalendarSystem(identifier: .gregorian)
        }
    }
}
