import CalendarData
import CalPolicyRequests
import CalPolicyArguments
import PolicyEngine

/// The argument scanner on its own, without running a command.
extension CLI {
    /// Tokenises `arguments` and scans them against the named command's options, as `run` does
    /// before executing anything. Returns the one stderr line a usage error would print, or nil
    /// when the arguments scan. Public so the argument fuzzer and tools can reach the scanner.
    public static func scanProblem(_ arguments: [String]) -> String? {
        let tokens = ArgumentToken.tokenise(arguments)
        guard let first = tokens.first else { return ErrorRenderer.line(UsageError.missingCommand(expected: CommandCatalog.names).description) }
        guard case .positional(let name) = first else { return nil }
        guard var command = CommandTable.command(named: name) else {
            let suggestion = Suggestion.nearest(to: name, among: CommandCatalog.names)
            return ErrorRenderer.line(UsageError.unknownCommand(name, suggestion: suggestion, expected: CommandCatalog.names).description)
        }
        var rest = Array(tokens.dropFirst())
        if !command.actions.isEmpty {
            guard case .positional(let word)? = rest.first else {
                let help = rest.contains(.long(name: "help", value: nil)) || rest.contains(.short("h"))
                return help ? nil : ErrorRenderer.line(UsageError.missingArgument(
                    command.actions.map(\.actionName).joined(separator: "|")).description)
            }
            do { command = try action(word, of: command) } catch {
                return ErrorRenderer.lines(for: error, verbose: false).first
            }
            rest.removeFirst()
        }
        do {
            _ = try ArgumentScanner(spec: command.spec).scan(rest)
            return nil
        } catch {
            return ErrorRenderer.line(error.description)
        }
    }
}
