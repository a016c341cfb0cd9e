import CalendarCore

/// Month grids of a century of months in one calendar, built over and over until
/// enough time has passed to be measurable; `check` counts cells built.
struct GridWorkloads {
    /// Roughly how long each grid workload runs, in nanoseconds.
    var minimumTime = 150_000_000.0

    func grids(_ identifier: CalendarIdentifier, firstYear: Int, years: Int = 100) -> BenchResult {
        let name = "grid.\(identifier.rawValue)"
        let system = CalendarSystems.system(for: identifier)
        guard system.identifier == identifier else {
            return .skipped(name, unit: "grid", because: "calendar '\(identifier.rawValue)' is not in the registry yet")
        }
        var months: [CalendarMonth] = []
        do {
            for year in firstYear..<firstYear + years { months += try system.months(inYear: year, era: nil) }
            // Warm-up: the first grid pays for Foundation's calendar setup.
            for month in months.prefix(24) { _ = try MonthGrid(month: month, calendar: system) }
        } catch {
            return .skipped(name, unit: "grid", because: "\(error)")
        }
        var total = Elapsed(), built = 0, cells = 0
        do {
            while total.cpu < minimumTime {
                let (ns, count) = try measure {
                    var count = 0
                    for month in months { count += try MonthGrid(month: month, calendar: system).cells.count }
                    return count
                }
                total += ns
                built += months.count
                cells += count
            }
        } catch {
            return .skipped(name, unit: "grid", because: "\(error)")
        }
        return BenchResult(name: name, unit: "grid", operations: built, elapsed: total, check: cells)
    }
}
