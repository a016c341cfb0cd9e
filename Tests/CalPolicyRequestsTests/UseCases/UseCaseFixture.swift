import CalendarCore
import PolicyEngine
@testable import CalPolicyRequests

/// What the use-case tests share: stacks loaded from the repository's `policies/` (real Lua,
/// relative to the package root, where `swift test` runs) and request values as a face fills them.
enum UseCaseFixture {
    static let today = Day(dayNumber: 20_423)  // 2025-12-01

    /// The stack `arguments` name (files and built-in references, in order), loaded as the CLI loads it.
    static func policies(_ arguments: [String], today: Day = today) throws -> [any DayPolicy] {
        let files = arguments.filter { !BuiltInReference.isReference($0) }
        let sources = try files.map { path in (path: path, bytes: try PolicySources.read(path)) }
        let loaded = try PolicySources.load(sources, options: PolicySources.options(today: today, print: nil))
        return try BuiltInReference.stack(arguments, files: loaded)
    }

    static func values(_ pairs: [(OptionSpec, String)]) -> RequestValues {
        var values = RequestValues()
        for (option, value) in pairs { values.add(value: value, for: option) }
        return values
    }

    static func evaluation(_ pairs: [(OptionSpec, String)] = [], today: Day = today) throws -> EvaluationOptions {
        try EvaluationOptions(values(pairs), environmentLocale: "en_US", today: today)
    }

    static func day(_ iso: String) -> Day {
        do { return try Day(iso: iso) } catch { fatalError("not a day: \(iso)") }
    }
}
