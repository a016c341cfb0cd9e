import CalPolicyArguments
import CalPolicyRequests

/// The values a command cannot run without, each with the one error its absence makes.
extension RequestValues {
    /// The value of `option`, else the request error "missing".
    func required(_ option: OptionSpec) throws(CLIError) -> String {
        guard let text = value(option) else { throw .request(RequestError(option, .missing)) }
        return text
    }

    /// The first positional word, else the usage error "missing NAME".
    func firstPositional(_ name: String) throws(CLIError) -> String {
        guard let word = positionals.first else { throw .usage(.missingArgument(name)) }
        return word
    }
}
