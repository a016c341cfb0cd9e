/// `--format` for the regression commands: one of `choices`, the first by default.
enum FormatOption {
    static func value(_ parsed: ParsedArguments, option: OptionSpec, among choices: [String]) throws(CLIError) -> String {
        guard let text = parsed.value(option.name) else { return choices[0] }
        do throws(UsageError) {
            return try ValueParser.choice(text, option: option, among: choices)
        } catch {
            throw .usage(error)
        }
    }
}
