import CalPolicyArguments

/// `calpolicy --help`: the commands of the table, and `serve`, which another executable runs.
enum TopLevelHelp {
    static func text() -> String {
        var text = """
        OVERVIEW: calpolicy evaluates calendar policies written in Lua: which days may be
        selected, which are decorated, and why.

        USAGE: calpolicy <command> [options]

        COMMANDS:

        """
        // `serve` runs another executable (ServeLauncher), so it is listed outside the command table.
        let width = (CommandCatalog.names + [ServeLauncher.name]).map(\.count).max()! + 2
        for spec in CommandCatalog.all {
            text += "  " + spec.name.padding(toWidth: width) + spec.abstract + "\n"
        }
        text += "  " + ServeLauncher.name.padding(toWidth: width) + ServeLauncher.abstract + "\n"
        text += """

        OPTIONS:
          -h, --help           Show this help, or 'calpolicy <command> --help' for a command.
          -V, --version        Show the version.

        EXIT CODES: 0 ok, 1 a result CI should stop on, 2 usage error, 3 policy error.

        """
        return text
    }

}
