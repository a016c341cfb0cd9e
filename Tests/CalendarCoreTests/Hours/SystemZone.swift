import Foundation
@testable import CalendarCore

extension ZoneWallTime {
    /// The zone as the system's tz database compiles it (`/usr/share/zoneinfo`, Debian's
    /// tzdata): what `ZoneDatabase` reads in the engine, read here without it (CalendarCore's
    /// tests see no PolicyEngine).
    static func system(_ name: String) -> ZoneWallTime? {
        guard let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name),
              let rules = ZoneRules(tzif: [UInt8](data)) else { return nil }
        return ZoneWallTime(identifier: name, rules: rules)
    }
}
