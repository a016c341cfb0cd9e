import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy explain POLICY ... DATE`: each policy's answers for one day, in stack
/// order, with the file:line of the `return` that gave each answer.
enum ExplainCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.explain }

    /// `YYYY-MM-DD` in shape (a bad date in that shape is reported as a bad date, not a file).
    static func looksLikeDate(_ word: String) -> Bool { Day.hasISOShape(word) }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        // POLICY ... DATE ...: the trailing words shaped like a date are the dates.
        let words = parsed.positionals
        let firstDate = words.lastIndex { !ExplainCommand.looksLikeDate($0) }.map { $0 + 1 } ?? 0
        let paths = Array(words[..<firstDate])
        let dateTexts = Array(words[firstDate...])
        guard !dateTexts.isEmpty else {
            throw .usage(.missingArgument(words.isEmpty ? "POLICY" : "DATE"))
        }
        guard !paths.isEmpty else { throw .usage(.missingArgument("POLICY")) }
        var days: [Day] = []
        for dateText in dateTexts {
            do { days.append(try Day(iso: dateText)) } catch {
                throw .usage(.invalidValue(dateText, option: "DATE", reason: ValueParser.reason(for: error)))
            }
        }
        let selection = Array(Set(try CLIError.wrap { () throws(RequestError) in try SelectUseCase.selection(parsed) })).sorted()
        let format = try parsed.choice(CommandCatalog.explainFormat, default: DocumentFormat.text)
        let evaluation = try console.evaluation(parsed)
        let files = paths.filter { !BuiltInReference.isReference($0) }
        let sources = try PolicyLoader.read(files)
        let settings = evaluation.settings
        let overrides = try overrideEntries(parsed)
        let explanations = try CLIError.wrap { () throws(RequestFailure) in
            try ExplainUseCase.explain(days, sources: Array(zip(files, sources)).map { (path: $0.0, bytes: $0.1) },
                                       arguments: paths, evaluation: evaluation, selection: selection,
                                       print: PolicyPrintLine.handler(verbose: parsed.has("verbose")),
                                       overrides: overrides)
        }
        if format == .json {
            // One date: its document, as always; several: an array of them, in the order asked.
            let documents = explanations.map(ExplainRenderer.json)
            console.write(documents.count == 1 ? documents[0]
                : "[\n" + documents.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 }.joined(separator: ",\n") + "\n]\n")
        } else {
            let names = settings.names.weekdaySymbols(style: .full)
            console.write(explanations.map { ExplainRenderer.text($0, weekdayNames: names, selection: selection) }
                .joined(separator: "\n"))
        }
        return ExitCode.ok
    }

    /// `--overrides DIR`'s files (a folder that is none, or a malformed file: exit 2, as `gate`).
    static func overrideEntries(_ parsed: RequestValues) throws(CLIError) -> [OverrideFolder.Entry] {
        guard let folder = parsed.value(OptionCatalogue.overrides) else { return [] }
        let entries: [OverrideFolder.Entry]
        do { entries = try OverrideFolder.read(folder) } catch { throw .override(error) }
        for case .refused(let problem) in entries { throw .override(problem) }
        return entries
    }
}
