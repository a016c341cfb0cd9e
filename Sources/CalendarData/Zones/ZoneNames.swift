import CalendarCore
import Foundation

/// IANA zone names as the zone database knows them, with "did you mean" for a typo: the one
/// check behind a policy's `zone =` and `--time-zone`.
public enum ZoneNames {
    /// The zone, or a one-line problem naming a close known name.
    public static func resolve(_ name: String) -> Result<ZoneWallTime, ZoneNameProblem> {
        switch ZoneDatabase.lookup(name) {
        case .success(let zone?): return .success(zone)
        case .success(nil): break
        case .failure(let file):
            return .failure(ZoneNameProblem(name: name, reason: "zone file '\(file.path)' \(file.problem)"))
        }
        // No zone name is longer than the database's 255 bytes: a longer one is compared with none.
        guard name.utf8.count <= 255 else {
            return .failure(ZoneNameProblem(name: name, reason: "unknown time zone (expected an IANA name such as Europe/Berlin)"))
        }
        let known = TimeZone.knownTimeZoneIdentifiers + ["UTC"]
        let lowered = name.lowercased()
        if let near = known.first(where: { $0.lowercased() == lowered })
            ?? Suggestion.nearest(to: name, among: known) {
            return .failure(ZoneNameProblem(name: name, reason: "unknown time zone — did you mean '\(near)'?"))
        }
        return .failure(ZoneNameProblem(name: name, reason: "unknown time zone (expected an IANA name such as Europe/Berlin)"))
    }
}

public struct ZoneNameProblem: Error, Hashable, Sendable {
    public var name: String
    /// What is wrong, without the name: "unknown time zone — did you mean 'Europe/Berlin'?".
    public var reason: String
    /// "'Europe/Berln': unknown time zone — did you mean 'Europe/Berlin'?"
    public var message: String { "'\(InputEcho.cut(name))': " + reason }
}
