import CalendarCore
import CalendarData
import PolicyEngine

/// The built-in holiday data in process: loading a country as a reference does it (a fresh
/// `HolidayData` each time, so nothing is cached: the index, the file, its header and the one
/// year a month's stack asks about), all of a country's years, and the cost of one day's answer
/// once its year is parsed. `check` counts holidays found, so a load that read nothing shows.
struct HolidayWorkloads {
    let root: String
    private var folder: String { root + "/data/holidays" }

    /// `holidays:CODE` resolved from nothing and asked about one day of 2027, `repetitions` times.
    func load(_ code: String, repetitions: Int = 40) -> BenchResult {
        let name = "holidays.load.\(code)"
        let day = try! Day(year: 2027, month: 12, day: 25)
        do {
            let (ns, found) = try measure {
                var found = 0
                for _ in 0..<repetitions {
                    let data = HolidayData(folder: folder)
                    let reference = try HolidayReference("holidays:\(code)", data: data)
                    found += try data.country(reference.code).entries(on: day).count
                }
                return found
            }
            return BenchResult(name: name, unit: "country", operations: repetitions, elapsed: ns, check: found)
        } catch {
            return .skipped(name, unit: "country", because: "\(error)")
        }
    }

    /// Every year of `code` parsed (what a stack over the whole coverage pays once).
    func loadAllYears(_ code: String, repetitions: Int = 10) -> BenchResult {
        let name = "holidays.load-all-years.\(code)"
        do {
            let (ns, found) = try measure {
                for _ in 0..<repetitions {
                    let data = HolidayData(folder: folder)
                    try data.country(code).validate()
                }
                return repetitions
            }
            return BenchResult(name: name, unit: "country", operations: repetitions, elapsed: ns, check: found)
        } catch {
            return .skipped(name, unit: "country", because: "\(error)")
        }
    }

    /// One day's `canSelect` and decoration of `holidays:US:government`, over 2000–2060 with
    /// every year already parsed, asked as an evaluation asks (runs of 32 days, one batch each:
    /// `PolicyStack.evaluate`); `check` counts denied days.
    func lookup(rounds: Int = 20) -> BenchResult {
        let name = "holidays.lookup.US-government"
        do {
            let data = HolidayData(folder: folder)
            let policy = try HolidayReference("holidays:US:government", data: data).policy(data: data)
            let first = try Day(year: 2000, month: 1, day: 1).dayNumber, last = try Day(year: 2060, month: 12, day: 31).dayNumber
            let context = PolicyContext()
            for n in first...last { _ = try policy.canSelect(Day(dayNumber: n), context: context) }
            let (ns, denied) = try measure {
                var denied = 0
                let questions = [DayQuestions](repeating: .all, count: 32)
                for _ in 0..<rounds {
                    var n = first
                    while n <= last {
                        let days = (n...min(n + 31, last)).map { Day(dayNumber: $0) }
                        let batch = policy.answers(Array(questions.prefix(days.count)), for: days, context: context)
                        if let failure = batch.failure { throw failure }
                        denied += batch.answers.lazy.filter { !$0.select.isAllowed }.count
                        n += 32
                    }
                }
                return denied
            }
            return BenchResult(name: name, unit: "day", operations: rounds * (last - first + 1), elapsed: ns,
                               check: denied)
        } catch {
            return .skipped(name, unit: "day", because: "\(error)")
        }
    }
}
