import CalendarData
import CalPolicyRequests
import PolicyEngine

/// Matches tokens against a command's options, producing `RequestValues` or the
/// first `UsageError`. Values are converted later by the command, which knows
/// their meaning; the scanner only knows shapes.
public struct ArgumentScanner {
    public let spec: CommandSpec

    public init(spec: CommandSpec) { self.spec = spec }

    public func scan(_ tokens: [ArgumentToken]) throws(UsageError) -> RequestValues {
        var parsed = RequestValues()
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token {
            case .positional(let word):
                if let limit = spec.maxPositionals, parsed.positionals.count >= limit {
                    throw .unexpectedArgument(word, command: spec.name)
                }
                parsed.add(positional: word)
            case .short(let letter):
                guard let option = spec.option(short: letter) else {
                    throw .unknownOption(token.spelling, suggestion: nil)
                }
                // A short option with a value (`-o FILE`) takes the next word, as its long form does.
                try record(option, value: option.isFlag ? nil : take(option, from: tokens, at: &index), into: &parsed)
            case .misspelled(let word):
                let bare = String(word.drop { $0 == "-" }.prefix { $0 != "=" })
                let exact = spec.option(named: bare).map { "--" + $0.name }
                throw .unknownOption(word, suggestion: exact ?? Suggestion.nearest(
                    to: "--" + bare, among: spec.options.map { "--" + $0.name }))
            case .long(let name, let inlineValue):
                guard let option = spec.option(named: name) else {
                    let candidates = spec.options.map { "--" + $0.name }
                    throw .unknownOption(token.spelling,
                                         suggestion: Suggestion.nearest(to: "--" + name, among: candidates))
                }
                if option.isFlag, let inlineValue { throw .unexpectedValue(inlineValue, option: option.display) }
                var value = inlineValue
                if !option.isFlag, value == nil { value = try take(option, from: tokens, at: &index) }
                try record(option, value: value, into: &parsed)
            }
        }
        return parsed
    }

    /// The word after a value option, when it can be its value: any positional word, and a
    /// negative number or date (`--year -5`, `--month -0001-03`), which the value's own parser
    /// then judges, rather than "missing value".
    static func value(_ token: ArgumentToken) -> String? {
        switch token {
        case .positional(let word): return word
        case .short(let letter) where letter.isASCII && letter.isNumber: return token.spelling
        case .misspelled(let word) where word.count > 1 && word.dropFirst().first.map({ $0.isASCII && $0.isNumber }) == true:
            return word
        default: return nil
        }
    }

    /// A value option's value from the next word (moving past it), else "missing value".
    private func take(_ option: OptionSpec, from tokens: [ArgumentToken], at index: inout Int) throws(UsageError) -> String {
        guard index < tokens.count, let next = ArgumentScanner.value(tokens[index]) else {
            throw .missingValue(option: option.display)
        }
        index += 1
        return next
    }

    private func record(_ option: OptionSpec, value: String?, into parsed: inout RequestValues) throws(UsageError) {
        if !option.repeats, parsed.has(option.name) {
            throw .duplicateOption(option.display)
        }
        if let value {
            parsed.add(value: value, for: option.name)
        } else {
            parsed.add(flag: option.name)
        }
    }
}
