import CalendarCore

/// Renders `--help` text from the same specs the scanner uses.
enum HelpFormatter {
    static func topLevel() -> String {
        var text = """
        OVERVIEW: calpolicy evaluates calendar policies written in Lua: which days may be
        selected, which are decorated, and why.

        USAGE: calpolicy <command> [options]

        COMMANDS:

        """
        // `serve` runs another executable (ServeLauncher), so it is listed outside the command table.
        for spec in CommandCatalog.all + [CommandCatalog.serve] {
            text += "  " + spec.name.padding(toWidth: 10) + spec.abstract + "\n"
        }
        text += """

        OPTIONS:
          -h, --help           Show this help, or 'calpolicy <command> --help' for a command.
          -V, --version        Show the version.

        EXIT CODES: 0 ok, 1 a result CI should stop on, 2 usage error, 3 policy error.

        """
        return text
    }

    static func help(for spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n\n"
        text += "USAGE: calpolicy \(spec.name) \(spec.positionalUsage) [options]\n\nOPTIONS:\n"
        let width = (spec.options.map { label(for: $0).count }.max() ?? 0) + 2
        for option in spec.options {
            text += "  " + label(for: option).padding(toWidth: width) + option.help + "\n"
        }
        text += "\n" + spec.discussion + "\n"
        if spec.options.contains(CommandCatalog.calendar) {
            text += "\nCALENDARS: " + CalendarIdentifier.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
        }
        return text
    }

    private static func label(for option: OptionSpec) -> String {
        let short = option.short.map { "-\($0), " } ?? ""
        return short + option.display
    }
}

extension String {
    func padding(toWidth width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
