import CalendarCore
import PolicyEngine

/// `calpolicy explain POLICY ... DATE`: each policy's answers for one day, in stack
/// order, with the file:line of the `return` that gave each answer.
enum ExplainCommand {
    static func run(_ parsed: ParsedArguments, console: Console) throws(CLIError) -> Int32 {
        guard let dateText = parsed.positionals.last else { throw .usage(.missingArgument("POLICY")) }
        let paths = Array(parsed.positionals.dropLast())
        guard !paths.isEmpty else {
            if (try? Day(iso: dateText)) != nil { throw .usage(.missingArgument("POLICY")) }
            throw .usage(.missingArgument("DATE"))
        }
        let day: Day
        do { day = try Day(iso: dateText) } catch {
            throw .usage(.invalidValue(dateText, option: "DATE", reason: ValueParser.reason(for: error)))
        }
        let format = try FormatOption.value(parsed, option: CommandCatalog.diffFormat, among: ["text", "json"])
        for path in paths { try PolicyLoader.inspect(path) }
        let settings = try DisplaySettings.resolve(parsed, console: console)
        var options = LuaPolicyOptions()
        options.today = settings.today
        options.verbose = parsed.has("verbose")
        options.tracing = true
        let explanation: PolicyExplanation
        do {
            var policies: [LuaPolicy] = []
            for path in paths { policies.append(try LuaPolicy(path: path, options: options)) }
            explanation = try PolicyExplanation.explain(day, policies: policies, context: settings.context)
        } catch {
            throw .policy(error)
        }
        console.write(format == "json" ? json(explanation) : text(explanation))
        return ExitCode.ok
    }

    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func place(_ answer: PolicyAnswer, _ line: Int?) -> String {
        line.map { "\(answer.path):\($0)" } ?? "-"
    }

    private static func verdict(_ verdict: Verdict) -> String {
        switch verdict {
        case .allowed: "allowed"
        case .denied(let reason): "denied" + (reason.map { " '\($0)'" } ?? "")
        }
    }

    private static func decoration(_ decoration: Decoration?) -> String {
        guard let decoration else { return "none" }
        return decoration.kind.rawValue + (decoration.label.map { " '\($0)'" } ?? "")
    }

    static func text(_ e: PolicyExplanation) -> String {
        var lines = ["\(e.day.iso) (\(weekdays[(e.day.weekday - 1) % 7]))"]
        for (index, answer) in e.answers.enumerated() {
            lines.append("\(index + 1). \(answer.path)")
            lines.append("   canSelect      \(pad(verdict(answer.canSelect)))  \(place(answer, answer.canSelectLine))")
            lines.append("   canDeselect    \(pad(verdict(answer.canDeselect)))  \(place(answer, answer.canDeselectLine))")
            lines.append("   decorationFor  \(pad(decoration(answer.decoration)))  \(place(answer, answer.decorationLine))")
        }
        var result: [String] = []
        if let decider = e.selectDecider {
            result.append("denied by \(decider.policy) at \(place(decider, decider.canSelectLine))")
        } else {
            result.append("selectable")
        }
        if let decider = e.deselectDecider {
            result.append("not deselectable by \(decider.policy) at \(place(decider, decider.canDeselectLine))")
        }
        if let decider = e.decorationDecider {
            result.append("decoration from \(decider.policy) at \(place(decider, decider.decorationLine))")
        }
        lines.append("result: " + result.joined(separator: "; "))
        return lines.map(ErrorRenderer.singleLine).joined(separator: "\n") + "\n"
    }

    private static func pad(_ text: String) -> String {
        text.count >= 32 ? text : text + String(repeating: " ", count: 32 - text.count)
    }

    private static func line(_ line: Int?) -> String { line.map(String.init) ?? "null" }

    private static func verdictJSON(_ verdict: Verdict, _ line: Int?) -> String {
        "{\"allowed\": \(verdict.isAllowed), \"reason\": \(JSONText.optional(verdict.reason)), \"line\": \(self.line(line))}"
    }

    private static func decider(_ answer: PolicyAnswer?, _ line: Int?) -> String {
        guard let answer else { return "null" }
        return "{\"policy\": \(JSONText.string(answer.policy)), \"file\": \(JSONText.string(answer.path)), "
            + "\"line\": \(self.line(line))}"
    }

    static func json(_ e: PolicyExplanation) -> String {
        let policies = e.answers.map { answer in
            "    {\"policy\": \(JSONText.string(answer.policy)), \"file\": \(JSONText.string(answer.path)), "
                + "\"canSelect\": \(verdictJSON(answer.canSelect, answer.canSelectLine)), "
                + "\"canDeselect\": \(verdictJSON(answer.canDeselect, answer.canDeselectLine)), "
                + "\"decoration\": {\"value\": \(JSONText.decoration(answer.decoration)), "
                + "\"line\": \(line(answer.decorationLine))}}"
        }
        let lines = [
            "{",
            "  \"date\": \(JSONText.string(e.day.iso)),",
            "  \"selectable\": \(e.selectable),",
            "  \"deselectable\": \(e.deselectable),",
            "  \"decidedSelect\": \(decider(e.selectDecider, e.selectDecider?.canSelectLine)),",
            "  \"decidedDeselect\": \(decider(e.deselectDecider, e.deselectDecider?.canDeselectLine)),",
            "  \"decidedDecoration\": \(decider(e.decorationDecider, e.decorationDecider?.decorationLine)),",
            "  \"policies\": [",
            policies.joined(separator: ",\n"),
            "  ]",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
