import CalendarCore
import PolicyEngine

/// `calpolicy diff OLD NEW [span]`: every day two versions of a policy disagree on.
enum DiffCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Int32 {
        guard parsed.positionals.count <= 2 else {
            throw .usage(.invalidValue(parsed.positionals[2], option: "OLD NEW",
                                       reason: "expected exactly two policies to compare"))
        }
        guard parsed.positionals.count == 2 else {
            throw .usage(.missingArgument(parsed.positionals.isEmpty ? "OLD" : "NEW"))
        }
        let format = try FormatOption.value(parsed, option: CommandCatalog.diffFormat, among: ["text", "json"])
        let settings = try DisplaySettings.resolve(parsed, console: console)
        let span: DaySpan
        if parsed.has("year") || parsed.has("month") || parsed.has("from") || parsed.has("to") {
            span = try SpanResolver.resolve(parsed, settings: settings).days
        } else {
            let year = settings.today.components.year
            span = DaySpan(Day(dayNumber: GregorianMath.dayNumber(year: year, month: 1, day: 1)),
                           Day(dayNumber: GregorianMath.dayNumber(year: year, month: 12, day: 31)))
        }
        var revisions: [PolicyRevision] = []
        defer { for revision in revisions { revision.cleanUp() } }
        for argument in parsed.positionals {
            if !argument.hasPrefix(PolicyRevision.prefix) { try PolicyLoader.inspect(argument) }
            do {
                revisions.append(try PolicyRevision(argument))
            } catch {
                throw .usage(.badPolicyPath(argument, problem: error.message))
            }
        }
        var limits = LuaPolicyOptions()
        limits.verbose = parsed.has("verbose")
        let diff: PolicyDiff
        do {
            diff = try PolicyDiff.compare(old: revisions[0].path, new: revisions[1].path,
                                          oldName: revisions[0].argument, newName: revisions[1].argument,
                                          span: span, context: settings.context, limits: limits)
        } catch {
            throw .policy(error)
        }
        console.write(format == "json" ? json(diff) : text(diff))
        return diff.changes.isEmpty ? ExitCode.ok : ExitCode.stop
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// Grouped by month: a `YYYY-MM` heading, then one line per changed day. Linear in the
    /// number of changes: each month's run is found once (changes come in date order).
    static func text(_ diff: PolicyDiff) -> String {
        var out = "--- " + ErrorRenderer.singleLine(diff.old) + "\n+++ " + ErrorRenderer.singleLine(diff.new) + "\n"
        let changes = diff.changes
        var start = changes.startIndex
        while start < changes.endIndex {
            let heading = changes[start].day.iso.prefix(7)
            var end = changes.index(after: start)
            while end < changes.endIndex && changes[end].day.iso.prefix(7) == heading { end = changes.index(after: end) }
            let count = end - start
            out += "\(heading) (\(count) day\(count == 1 ? "" : "s"))\n"
            for change in changes[start..<end] {
                let weekday = weekdays[(change.day.weekday - 1) % 7]
                out += ErrorRenderer.singleLine("  \(change.day.iso) \(weekday): \(change.description)")
                out += "\n"
            }
            start = end
        }
        let count = changes.count
        out += count == 0
            ? "no differences (\(diff.span.first.iso) to \(diff.span.last.iso))"
            : "\(count) day\(count == 1 ? " differs" : "s differ") (\(diff.span.first.iso) to \(diff.span.last.iso))"
        return out + "\n"
    }

    /// `{"old", "new", "from", "to", "changes": [{"date", "fields", "old", "new"}]}`, one change per line.
    static func json(_ diff: PolicyDiff) -> String {
        var lines = ["{", "  \"old\": \(JSONText.string(diff.old)),", "  \"new\": \(JSONText.string(diff.new)),",
                     "  \"from\": \(JSONText.string(diff.span.first.iso)),",
                     "  \"to\": \(JSONText.string(diff.span.last.iso)),", "  \"changes\": ["]
        for (index, change) in diff.changes.enumerated() {
            let fields = "[" + change.fields.map(JSONText.string).joined(separator: ", ") + "]"
            lines.append("    {\"date\": \(JSONText.string(change.day.iso)), \"fields\": \(fields), "
                + "\"old\": \(change.old.map(JSONText.object) ?? "null"), "
                + "\"new\": \(change.new.map(JSONText.object) ?? "null")}"
                + (index == diff.changes.count - 1 ? "" : ","))
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
