import CalendarData
import CalendarCore
import Foundation

/// The span `diff` compares when none is given: every year either version's text mentions
/// (`PolicyYears`), every year a stored snapshot of either version covers, and at least this
/// year and the next two, as one span of whole years. A span of more than `maximumYears`
/// is cut to the `maximumYears` that keep the most of those years, and says so (`isCut`).
public enum DiffSpan {
    /// How many years from today are always compared.
    public static let yearsAhead = 2

    /// The most years compared without a span given: one Gregorian cycle (146,097 days),
    /// the longest span any command evaluates.
    public static let maximumYears = 400

    /// The span chosen, and the years it was meant to cover.
    public struct Choice: Hashable, Sendable {
        /// January 1 of the first year compared to December 31 of the last.
        public var span: DaySpan
        /// The first and last of every year wanted (today's and the next two, snapshots,
        /// mentions); wider than `span` only when cut.
        public var wanted: ClosedRange<Int>
        /// The years wanted that `span` leaves out (only when cut).
        public var leftOut: [Int]

        /// More years were wanted than `maximumYears`: some wanted years are not compared.
        public var isCut: Bool { !leftOut.isEmpty }

        /// What a cut left out, for a warning line (nil when nothing was).
        public var warning: String? {
            guard isCut else { return nil }
            let left = leftOut.count == 1
                ? "year \(leftOut[0]) is"
                : "\(leftOut.count) years (\(leftOut[0]) to \(leftOut[leftOut.count - 1])) are"
            return "the years to compare run from \(wanted.lowerBound) to \(wanted.upperBound), more than "
                + "\(DiffSpan.maximumYears); compared \(span.first.iso) to \(span.last.iso), so \(left) not compared; "
                + "give --from/--to to choose"
        }
    }

    /// The default span for `policies` (working-tree paths, where snapshots are looked for)
    /// whose texts are `sources` (nil: none read; mentions nothing).
    public static func defaultSpan(for policies: [String], sources: [[UInt8]?] = [], today: Day) -> Choice {
        let year = today.components.year
        let always = year...(year + yearsAhead)
        var years = Set(always)
        for policy in policies { years.formUnion(snapshotYears(of: policy)) }
        for case let source? in sources { years.formUnion(PolicyYears.mentioned(in: source)) }
        let sorted = years.sorted()
        let wanted = sorted[0]...sorted[sorted.count - 1]
        let kept = wanted.count <= maximumYears ? sorted : window(of: sorted, holding: always)
        let keptSet = Set(kept)
        let first = kept[0], last = kept[kept.count - 1]
        return Choice(span: DaySpan(Day(dayNumber: GregorianMath.dayNumber(year: first, month: 1, day: 1)),
                                    Day(dayNumber: GregorianMath.dayNumber(year: last, month: 12, day: 31))),
                      wanted: wanted, leftOut: sorted.filter { !keptSet.contains($0) })
    }

    /// The years of `sorted` within the `maximumYears` that hold `always` and the most of
    /// them; of equal windows, the latest (a policy's future matters more than its past).
    private static func window(of sorted: [Int], holding always: ClosedRange<Int>) -> [Int] {
        let lowest = max(sorted[0], always.upperBound - maximumYears + 1)
        let highest = max(lowest, min(always.lowerBound, sorted[sorted.count - 1] - maximumYears + 1))
        // below[i]: how many wanted years are before lowest + i.
        var below = [Int](repeating: 0, count: highest - lowest + maximumYears + 1)
        for year in sorted where year >= lowest && year < lowest + below.count - 1 { below[year - lowest + 1] += 1 }
        for i in below.indices.dropFirst() { below[i] += below[i - 1] }
        var bestStart = lowest, bestCount = -1
        for start in lowest...highest {
            let count = below[start - lowest + maximumYears] - below[start - lowest]
            if count >= bestCount { bestStart = start; bestCount = count }
        }
        return sorted.filter { $0 >= bestStart && $0 < bestStart + maximumYears }
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
                guard let data = try? RegularFile.read(snapshots + "/" + file, limit: PolicySnapshot.fileLimit),
                      let text = String(validating: data, as: UTF8.self),
                      let snapshot = try? PolicySnapshot.decode(text),
                      snapshot.policies.map(PolicyIdentity.tidy).contains(name) else { continue }
                let from = snapshot.span.first.components.year, to = snapshot.span.last.components.year
                years.formUnion(from...to)
            }
        }
        return years
    }
}
