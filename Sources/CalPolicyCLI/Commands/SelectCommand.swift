import CalPolicyArguments
import CalPolicyRequests
import CalendarCore
import PolicyEngine
import Rendering

/// `calpolicy select [POLICY ...] --mode MODE --tap DAY [--tap DAY ...]`: replays taps
/// through CalendarCore's selection rules (`SelectUseCase`), as a user tapping a calendar would.
enum SelectCommand: RunnableCommand {
    static var spec: CommandSpec { CommandCatalog.select }

    static func run(_ parsed: RequestValues, console: Console) throws(CLIError) -> Int32 {
        let settings = try console.settings(parsed)
        let request = try CLIError.wrap { () throws(RequestError) in try SelectUseCase.request(parsed) }
        let format = try parsed.choice(CommandCatalog.selectFormat, default: DocumentFormat.text)
        let builtIns = try CLIError.wrap { () throws(RequestError) in try BuiltInPolicies.resolve(parsed) }
        let files = try PolicyLoader.load(parsed.positionals, today: settings.today, verbose: parsed.has("verbose"))
        let outcome = try CLIError.wrap { () throws(RequestFailure) in
            try SelectUseCase.run(request, policies: files, builtIns: builtIns, settings: settings,
                                  paths: parsed.positionals)
        }
        console.write(format == .json ? outcome.json : outcome.text)
        return outcome.allAccepted ? ExitCode.ok : ExitCode.stop
    }
}
