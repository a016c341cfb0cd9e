import PolicyEngine

/// `--time-zone`: which names the server accepts: those the zone database knows
/// (`ZoneDatabase`, the same files every command reads), never a path out of it.
public enum ServeClock {
    public static func isKnownZone(_ name: String) -> Bool { ZoneDatabase.zone(named: name) != nil }
}
