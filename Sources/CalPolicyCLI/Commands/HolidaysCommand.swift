import CalPolicyArguments
import CalendarData
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy holidays [CC[-SUB][:cat+cat]] [--year YYYY]`: what the built-in holiday data
/// holds, so a reference can be written without opening the data files.
enum HolidaysCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.holidays }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        if parsed.positionals.count > 1 {
            throw .usage(.unexpectedArgument(parsed.positionals[1], command: "holidays [CC[-SUB]]"))
        }
        let data = HolidayData.shared
        guard let argument = parsed.positionals.first else {
            let rows = try wrap("holidays") { () throws(HolidayDataError) in try data.index() }
            for row in rows { console.print(HolidaysRenderer.indexLine(row)) }
            return 0
        }
        if parsed.has("dump") {
            let country = try wrap(argument) { () throws(HolidayDataError) in
                try data.country(data.code(for: argument, reference: argument))
            }
            try wrap(argument) { () throws(HolidayDataError) in try country.validate() }
            dump(country, data: data, console: console)
            return 0
        }
        let text = argument.hasPrefix("holidays:") ? argument : "holidays:" + argument
        let reference = try wrap(argument) { () throws(HolidayDataError) in try HolidayReference(text, data: data) }
        let country = try wrap(argument) { () throws(HolidayDataError) in try data.country(reference.code) }
        if let yearText = parsed.value("year") {
            guard let year = Int(yearText), (1...9999).contains(year) else {
                throw .usage(.badPolicyPath(yearText, problem: "expected a year YYYY"))
            }
            let policy = HolidayPolicy(reference: reference, country: country)
            guard policy.covered?.contains(year) == true else {
                throw .usage(.badPolicyPath(argument, problem: "no holiday data for \(year) (\(policy.coverageText))"))
            }
            var day = Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1))
            while day.year == year {
                let entries = try policyWrap(argument) { () throws(PolicyError) in try policy.holidays(on: day) }
                for entry in entries { console.print(HolidaysRenderer.holidayLine(day, entry)) }
                day = day.adding(days: 1)
            }
            return 0
        }
        console.write(HolidaysRenderer.summary(country, subdivision: reference.subdivision))
        return 0
    }

    /// `--dump`: each calendar's coverage, then each holiday day as the policy answers it
    /// (one category at a time, so the category of every answer is known).
    static func dump(_ country: HolidayCountry, data: HolidayData, console: Console) {
        let context = PolicyContext()
        for place in [nil] + country.subdivisions.map(\.code) {
            let label = place ?? "-"
            for category in country.categories {
                let text = "holidays:\(country.code)" + (place.map { "-\($0)" } ?? "") + ":\(category)"
                guard let reference = try? HolidayReference(text, data: data) else {
                    console.print(HolidaysRenderer.dumpNoneLine(label, category))
                    continue
                }
                let policy = HolidayPolicy(reference: reference, country: country)
                guard let covered = policy.covered else {
                    console.print(HolidaysRenderer.dumpNoneLine(label, category))
                    continue
                }
                console.print(HolidaysRenderer.dumpCoverageLine(label, category, covered))
                // The covered years and the first day after them, kept to the days a `Day` holds.
                var day = Day(dayNumber: max(GregorianMath.dayNumber(year: covered.lowerBound, month: 1, day: 1),
                                             Day.supportedRange.lowerBound.dayNumber))
                let end = Day(dayNumber: min(GregorianMath.dayNumber(year: covered.upperBound + 1, month: 1, day: 1),
                                             Day.supportedRange.upperBound.dayNumber))
                while day <= end {
                    let verdict = (try? policy.canSelect(day, context: context)) ?? .allowed
                    let decoration = (try? policy.decoration(for: day, context: context)) ?? nil
                    if !verdict.isAllowed || decoration != nil {
                        console.print(HolidaysRenderer.dumpDayLine(label, category, day, verdict: verdict, decoration: decoration))
                    }
                    day = day.adding(days: 1)
                }
            }
        }
    }

    static func policyWrap<T>(_ what: String, _ body: () throws(PolicyError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .policy(error) }
    }

    static func wrap<T>(_ what: String, _ body: () throws(HolidayDataError) -> T) throws(CLIError) -> T {
        do { return try body() } catch { throw .usage(.badPolicyPath(what, problem: error.message)) }
    }
}
