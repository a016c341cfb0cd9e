import CalendarData
import CalendarCore
import PolicyEngine

/// The stack's zone, `--time-zone` (API `timeZone`): the zone of policies without a `zone` of
/// their own, of the instants documents write, and whose date `gate` hands policies as today.
public enum StackZone {
    /// The zone `values` name (checked now, so a bad name is a usage error before any policy
    /// runs), or nil for the default, UTC, made only if something needs it; an unknown name is
    /// refused with a near one.
    public static func named(_ values: RequestValues) throws(RequestError) -> ZoneWallTime? {
        values.has(OptionCatalogue.timeZone) ? try resolve(values) : nil
    }

    /// The zone `values` name, else `fallback` as it is (the server resolves its --time-zone
    /// once, at start, not once per request).
    public static func resolve(_ values: RequestValues, fallback: ZoneWallTime = .utc) throws(RequestError) -> ZoneWallTime {
        guard let name = values.value(OptionCatalogue.timeZone) else { return fallback }
        switch ZoneNames.resolve(name) {
        case .success(let zone): return zone
        case .failure(let problem):
            throw RequestError(OptionCatalogue.timeZone, value: name, reason: problem.reason)
        }
    }
}
