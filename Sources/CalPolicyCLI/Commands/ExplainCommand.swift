import CalendarCore
import PolicyEngine
import Rendering

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
        let format = try parsed.choice(CommandCatalog.diffFormat, default: DocumentFormat.text)
        let sources = try PolicyLoader.read(paths)
        let settings = try DisplaySettings.resolve(parsed, console: console)
        var options = LuaPolicyOptions()
        options.today = settings.today
        options.verbose = parsed.has("verbose")
        options.tracing = true
        let explanation: PolicyExplanation
        do {
            var policies: [LuaPolicy] = []
            for (path, source) in zip(paths, sources) {
                policies.append(try LuaPolicy(path: path, source: source, options: options))
            }
            explanation = try PolicyExplanation.explain(day, policies: policies, context: settings.context)
        } catch {
            throw .policy(error)
        }
        console.write(format == .json ? ExplainRenderer.json(explanation) : ExplainRenderer.text(explanation))
        return ExitCode.ok
    }
}
