import CalendarCore
import CalendarData
import CalPolicyArguments
import CalPolicyRequests
import Foundation
import Rendering

/// `calpolicy new freeze|hours|holidays NAME`: a starting policy, `NAME.yaml` (declarative, the
/// default) or `NAME.lua` (`--lua`, or a NAME ending in `.lua`), and its test file `NAME_test.lua`,
/// the test's dates picked from today so `calpolicy test` passes on them at once. All three kinds
/// are expressible as data (hours as `weekly` windows), so YAML is the default for each.
/// Never overwrites: an existing file is a usage error (exit 2) and nothing is written.
enum NewCommand: RunnableCommand {
    static let lua = OptionSpec.flag("lua", help: "Write the policy in Lua instead of YAML.")

    static let spec = CommandSpec(
        name: "new",
        abstract: "Write a starting policy (freeze, hours or holidays) and its passing test file.",
        positionalUsage: "freeze|hours|holidays NAME",
        options: [lua, OptionCatalogue.today, CommandCatalog.help],
        discussion: """
        Writes NAME.yaml, a declarative policy (docs/declarative.md), and NAME_test.lua; with
        --lua (or a NAME ending in .lua), NAME.lua in its place. NAME may hold a folder; a
        trailing .yaml, .yml or .lua is dropped. freeze: a closed window (Lua: a cal.windows
        list) refused; hours: weekday working hours by weekly windows (Lua: hoursFor); holidays:
        public holidays from the built-in data refused and labelled. The tests use dates after
        --today (default: the clock), so 'calpolicy test NAME_test.lua' passes as written.
        Refuses to overwrite an existing file (exit 2).
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let kinds = NewPolicyKind.allCases.map(\.rawValue)
        guard let kindWord = parsed.positionals.first else { throw .usage(.missingArgument(kinds.joined(separator: "|"))) }
        guard let kind = NewPolicyKind(rawValue: kindWord) else {
            let near = Suggestion.nearest(to: kindWord, among: kinds).map { " — did you mean '\($0)'?" } ?? ""
            throw .usage(.invalidValue(kindWord, option: "KIND", reason: "expected one of " + kinds.joined(separator: ", ") + near))
        }
        guard parsed.positionals.count >= 2 else { throw .usage(.missingArgument("NAME")) }
        guard parsed.positionals.count == 2 else { throw .usage(.unexpectedArgument(parsed.positionals[2], command: "new")) }
        var base = parsed.positionals[1]
        var asLua = parsed.has(lua)
        if base.hasSuffix(".lua") {
            base.removeLast(4)
            asLua = true
        } else if base.hasSuffix(".yaml") {
            base.removeLast(5)
        } else if base.hasSuffix(".yml") {
            base.removeLast(4)
        }
        let fileName = base.split(separator: "/").last.map(String.init) ?? ""
        guard !fileName.isEmpty, fileName != ".", fileName != ".." else {
            throw .usage(.badPolicyPath(parsed.positionals[1], problem: "expected a file name, like 'release-freeze'"))
        }
        let policyPath = base + (asLua ? ".lua" : ".yaml"), testPath = base + "_test.lua"
        for path in [policyPath, testPath] where FileManager.default.fileExists(atPath: path) {
            throw .usage(.badPolicyPath(path, problem: "already exists; 'new' never overwrites a file"))
        }
        let today = try console.evaluation(parsed).settings.today
        let text: (policy: String, test: String)
        do {
            text = try NewPolicyTemplates.render(kind: kind.rawValue, lua: asLua,
                                                 values: values(fileName: fileName, today: today, lua: asLua))
        } catch {
            throw .usage(.optionProblem("new", problem: error.description))
        }
        try OutputFile.write(text.policy, to: policyPath)
        try OutputFile.write(text.test, to: testPath)
        console.print("wrote \(policyPath) and \(testPath)")
        return ExitCode.ok
    }

    /// The marks' values: the names, and dates after `today` each template's tests need.
    static func values(fileName: String, today: Day, lua: Bool = true) -> [String: String] {
        // The year-end freeze still ahead (this year's, or next year's once it has begun).
        var year = today.year
        if let start = try? Day(year: year, month: 12, day: 21), today >= start { year += 1 }
        let from = (try? Day(year: year, month: 12, day: 21)) ?? today
        let to = (try? Day(year: year + 1, month: 1, day: 4)) ?? today
        // Next year's January (winter time in Berlin: +01:00): its first Wednesday and Saturday.
        let january = (try? Day(year: today.year + 1, month: 1, day: 1)) ?? today
        let wednesday = january.adding(days: (4 - january.weekday + 7) % 7)
        let saturday = january.adding(days: (7 - january.weekday + 7) % 7)
        return [
            "name": fileName, "policy": fileName + (lua ? ".lua" : ".yaml"), "today": today.iso,
            "from": from.iso, "to": to.iso, "before": from.adding(days: -1).iso, "after": to.adding(days: 1).iso,
            "weekdayNoon": wednesday.iso + "T12:00:00+01:00", "weekdayEvening": wednesday.iso + "T19:00:00+01:00",
            "weekendNoon": saturday.iso + "T12:00:00+01:00",
            "holiday": "\(today.year + 1)-07-04", "ordinary": "\(today.year + 1)-07-08",
        ]
    }
}
