/// One command-line word after tokenising, before any command gives it meaning.
///
/// Tokenising first keeps the scanner free of string fiddling: `--month=2026-12`
/// and `--month 2026-12` differ only here, and `--` ends option parsing in one place.
public enum ArgumentToken: Hashable, Sendable {
    /// `--name` or `--name=value` (the value kept apart so a flag can reject it).
    case long(name: String, value: String?)
    /// `-h`, `-V`: a dash and one character.
    case short(Character)
    /// Anything else, including `-` alone and every word after `--`.
    case positional(String)
    /// `-month` or `---month`: meant as an option, spelled wrong; kept as typed.
    case misspelled(String)

    /// Splits raw arguments into tokens; never fails — meaning is checked later.
    public static func tokenise(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded {
                tokens.append(.positional(argument))
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("---") {
                tokens.append(.misspelled(argument))
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(.long(name: String(body[..<equals]),
                                        value: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.long(name: String(body), value: nil))
                }
            } else if argument.count == 2, argument.hasPrefix("-"), let letter = argument.last, letter != "-" {
                tokens.append(.short(letter))
            } else if argument.count > 2, argument.hasPrefix("-"), !argument.hasPrefix("--") {
                // `-month` is a likely typo of `--month`: report it as an unknown option, not a file.
                tokens.append(.misspelled(argument))
            } else {
                tokens.append(.positional(argument))
            }
        }
        return tokens
    }

    /// The token as the user typed it, for messages.
    public var spelling: String {
        switch self {
        case .long(let name, let value):
            return value.map { "--" + name + "=" + $0 } ?? "--" + name
        case .short(let letter): return "-" + String(letter)
        case .positional(let word), .misspelled(let word): return word
        }
    }
}
