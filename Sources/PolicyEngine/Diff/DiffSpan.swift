import CalendarCore
import Foundation

/// The span `diff` compares when none is given: every year a stored snapshot of either
/// version covers, and at least this year and the next two, as one span of whole years.
public enum DiffSpan {
    /// How many years from today are always compared.
    public static let yearsAhead = 2

    /// January 1 of the first year to December 31 of the last: `today`'s year and the next
    /// two, widened to every year a snapshot of any of `policies` covers.
    public static func defaultSpan(for policies: [String], today: Day) -> DaySpan {
        let year = today.components.year
        var years = Set(year...(year + yearsAhead))
        for policy in policies { years.formUnion(snapshotYears(of: policy)) }
        let first = years.min() ?? year, last = years.max() ?? year
        return DaySpan(Day(dayNumber: GregorianMath.dayNumber(year: first, month: 1, day: 1)),
                       Day(dayNumber: GregorianMath.dayNumber(year: last, month: 12, day: 31)))
    }

    /// The years stored snapshots of `policy` cover. Snapshots live in a `snapshots/` folder
    /// and name their policies relative to the folder holding it, so each folder on the
    /// policy's path (its own first, then outwards as written) is asked for snapshots naming
    /// the policy by its path from there. Unreadable or malformed snapshots are skipped:
    /// `calpolicy test` reports those.
    public static func snapshotYears(of policy: String) -> Set<Int> {
        var parts = PolicyIdentity.tidy(policy).split(separator: "/").map(String.init)
        let absolute = policy.hasPrefix("/")
        var relative: [String] = []
        var years = Set<Int>()
        while let last = parts.popLast() {
            relative.insert(last, at: 0)
            if last == ".." { break } // no way to name the policy from beyond a `..`
            let folder = (absolute ? "/" : "") + parts.joined(separator: "/")
            let snapshots = (folder.isEmpty ? "." : folder) + "/" + PolicyTestDiscovery.snapshotDirectory
            let name = relative.joined(separator: "/")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: snapshots) else { continue }
            for file in files.sorted() where file.hasSuffix(".json") {
                guard let data = FileManager.default.contents(atPath: snapshots + "/" + file),
                      let text = String(data: data, encoding: .utf8),
                      let snapshot = try? PolicySnapshot.decode(text),
                      snapshot.policies.map(PolicyIdentity.tidy).contains(name) else { continue }
                let from = snapshot.span.first.components.year, to = snapshot.span.last.components.year
                years.formUnion(from...to)
            }
        }
        return years
    }
}
