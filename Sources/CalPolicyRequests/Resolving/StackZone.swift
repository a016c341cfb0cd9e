import CalendarCore
import PolicyEngine

/// The stack's zone, `--time-zone` (API `timeZone`): the zone of policies without a `zone` of
/// their own, of the instants documents write, and whose date `gate` hands policies as today.
public enum StackZone {
    /// The zone `values` name, else `fallback` (the server's --time-zone; UTC on the command
    /// line); an unknown name is refused with a near one.
    public static func resolve(_ values: RequestValues, fallback: String = "UTC") throws(RequestError) -> ZoneWallTime {
        let name = values.value(OptionCatalogue.timeZone) ?? fallback
        switch ZoneNames.resolve(name) {
        case .success(let zone): return zone
        case .failure(let problem):
            throw RequestError(OptionCatalogue.timeZone, value: name, reason: problem.reason)
        }
    }
}
