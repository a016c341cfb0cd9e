import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy workdays add|between POLICY ... --from DAY (--days N | --to DAY)`: business days
/// under a stack, counted as numpy counts them (`WorkdaysUseCase`); `--batch FILE` answers one
/// question a line with one evaluation of the stack.
enum WorkdaysCommand: RunnableCommand {
    static let batch = CommandCatalog.batch(of: "question")

    static let spec = CommandSpec(
        name: "workdays",
        abstract: "Count business days between two days, or move a number of business days from one.",
        positionalUsage: "add|between [POLICY ...]",
        options: [OptionCatalogue.from, OptionCatalogue.to, OptionCatalogue.days, batch, CommandCatalog.selectFormat,
                  OptionCatalogue.calendar, OptionCatalogue.include, OptionCatalogue.min, OptionCatalogue.max,
                  OptionCatalogue.today] + OptionCatalogue.contextOptions + [CommandCatalog.timeout, CommandCatalog.verbose, CommandCatalog.help],
        discussion: """
        A business day is one every policy of the stack allows: weekends and holidays come from
        the policies (weekends:AE holidays:AE, policies/weekends.lua ...), none is assumed.
        Counting follows numpy: between counts the business days in [--from, --to); --to before
        --from gives minus those in (--to, --from] (busday_count). add gives the N-th business day after --from, before it
        for a negative N; a --from that is not a business day first rolls forward (N >= 0) or
        backward (N < 0) to one, so --days 0 gives the next business day (busday_offset, roll
        'forward' / 'backward'). Exits 1 when no business day lies within 10 years.
        --batch: no add|between word; each line is 'add YYYY-MM-DD N' or
        'between YYYY-MM-DD YYYY-MM-DD'; --format json prints one JSON object a line.
        """
    )

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let evaluation = try console.evaluation(parsed)
        let settings = evaluation.settings
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        var paths = parsed.positionals
        var questions: [WorkdaysUseCase.Question] = []
        if let file = parsed.value(batch) {
            for name in [OptionCatalogue.from, OptionCatalogue.to, OptionCatalogue.days] where parsed.has(name) {
                throw .request(RequestError(name, .conflicts(with: batch)))
            }
            for (number, trimmed) in batchLines(try InputFile.read(file, option: batch)) {
                do throws(RequestError) {
                    questions.append(try WorkdaysUseCase.question(line: trimmed))
                } catch {
                    throw .request(RequestError(batch, value: file,
                                                reason: "line \(number + 1): \(error.message(.commandLine))"))
                }
            }
        } else {
            guard let word = paths.first else { throw .usage(.missingArgument("add|between")) }
            guard let action = WorkdaysUseCase.Action(rawValue: word) else {
                throw .usage(.invalidValue(word, option: "add|between", reason: "expected add or between before the policies"))
            }
            paths.removeFirst()
            questions = [try CLIError.wrap { () throws(RequestError) in
                try WorkdaysUseCase.request(parsed, action: action)
            }]
        }
        let files = try PolicyLoader.load(paths, today: settings.today, verbose: parsed.has("verbose"))
        let policies = paths.map(PolicyIdentity.tidy)
        if parsed.value(batch) == nil {
            let answer = try CLIError.wrap { () throws(RequestFailure) in
                try WorkdaysUseCase.run(questions[0], policies: files, evaluation: evaluation)
            }
            console.write(WorkdaysRenderer.document(answer, policies: policies, json: format == .json))
            return ExitCode.ok
        }
        let lines = try CLIError.wrap { () throws(RequestFailure) in
            try WorkdaysBatchUseCase.run(questions, policies: files, evaluation: evaluation)
        }
        console.write(WorkdaysRenderer.batch(lines, policies: policies, json: format == .json))
        return lines.contains { if case .noBusinessDay = $0 { true } else { false } } ? ExitCode.stop : ExitCode.ok
    }

    /// A batch file's questions: lines trimmed, blank ones and `#` comments left out, with
    /// their line numbers (from 1).
    static func batchLines(_ text: String) -> [(number: Int, text: String)] {
        var found: [(number: Int, text: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = String(line.drop { $0 == " " || $0 == "\t" }.reversed()
                .drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            found.append((number, trimmed))
        }
        return found
    }
}
