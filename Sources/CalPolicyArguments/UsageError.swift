import CalendarCore
import PolicyEngine
/// Everything that can be wrong with a command line, as data. Rendering and exit
/// codes live in `ErrorRenderer`, so commands and tests deal in cases, not text.
public enum UsageError: Error, Hashable, Sendable {
    /// No command given; `expected` lists the commands.
    case missingCommand(expected: [String])
    case unknownCommand(String, suggestion: String?, expected: [String])
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value came last or was followed by another option.
    case missingValue(option: String)
    /// `--verbose=yes`: a flag given a value.
    case unexpectedValue(String, option: String)
    case duplicateOption(String)
    case invalidValue(String, option: String, reason: String)
    case conflictingOptions(String, String)
    case missingOption(String)
    /// `--from` without `--to`, and the like.
    case requiresOption(String, requires: String)
    case missingArgument(String)
    case unexpectedArgument(String, command: String)
    /// `--range-rule: applies only to --mode range`: an option that makes no sense here.
    case optionProblem(String, problem: String)
    /// A policy path that names no readable regular file.
    case badPolicyPath(String, problem: String)
}

extension UsageError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missingCommand(let expected):
            return "missing command; expected one of \(expected.joined(separator: ", "))"
        case .unknownCommand(let word, let suggestion, let expected):
            let base = "unknown command '\(InputEcho.cut(word))'"
            return suggestion.map { base + "; did you mean '\($0)'?" }
                ?? base + "; expected one of \(expected.joined(separator: ", "))"
        case .unknownOption(let word, let suggestion):
            let base = "unknown option '\(InputEcho.cut(word))'"
            return suggestion.map { base + "; did you mean '\($0)'?" } ?? base
        case .missingValue(let option):
            return "missing value for '\(option)'"
        case .unexpectedValue(let value, let option):
            return "option '\(option)' takes no value, got '\(value)'"
        case .duplicateOption(let option):
            return "option '\(option)' given more than once"
        case .invalidValue(let value, let option, let reason):
            return "invalid value '\(InputEcho.cut(value))' for '\(option)': \(reason)"
        case .conflictingOptions(let a, let b):
            return "options '\(a)' and '\(b)' cannot be used together"
        case .missingOption(let option):
            return "missing required option '\(option)'"
        case .requiresOption(let option, let other):
            return "option '\(option)' requires '\(other)'"
        case .missingArgument(let name):
            return "missing argument \(name)"
        case .unexpectedArgument(let word, let command):
            return "unexpected argument '\(word)'; '\(command)' takes no arguments"
        case .optionProblem(let option, let problem):
            return "\(option): \(problem)"
        case .badPolicyPath(let path, let problem):
            return "\(InputEcho.cut(path, maxCharacters: 1024)): \(problem)"
        }
    }
}
