import CalPolicyArguments
import CalendarData
import CalPolicyRequests
import Foundation
import PolicyEngine
import Rendering

/// `calpolicy-serve --config FILE`: options from a JSON object whose keys are the long option
/// names (`"listen": "0.0.0.0:8080"`, `"watch": true`, `"cache-entries": 1024`,
/// `"stack": ["us=us.lua"]`) plus `"policies": [...]`, the default stack. JSON because the
/// server already speaks it (`ConfigJSON` below is a page), its types are unambiguous (`true` is not
/// `"true"`), and a ConfigMap or a unit's config directory carries it as is.
///
/// The file's values are typed data put straight into the parsed options, never turned back
/// into command-line words: a policy path `--cors-origin=…` is a path, a value starting with `-`
/// is a value. A flag given on the command line wins over the file's key (a repeated option or
/// POLICY arguments replace the file's list whole); an unknown key is an error with the nearest
/// name, a key given twice is an error naming it, and a value of the wrong JSON type is an error
/// naming the key and the type expected; relative policy, token and log paths are read from the
/// file's folder.
public enum ServeConfigFile {
    public static func parse(_ arguments: [String], cores: Int) -> ServeArguments.Outcome {
        let (rest, path) = split(arguments)
        guard let path else { return ServeArguments.parse(arguments, cores: cores) }
        if case .failure(let problem) = path { return failure(problem) }
        guard case .success(let path) = path else { return ServeArguments.parse(rest, cores: cores) }
        let tokens = ArgumentToken.tokenise(rest)
        // --help, --version, and a command line the scanner refuses: as without a file.
        if tokens.contains(.long(name: "help", value: nil)) || tokens.contains(.short("h"))
            || tokens.contains(.long(name: "version", value: nil)) || tokens.contains(.short("V")) {
            return ServeArguments.parse(rest, cores: cores)
        }
        guard let given = try? ArgumentScanner(spec: ServeOptions.spec).scan(tokens) else {
            return ServeArguments.parse(rest, cores: cores)
        }
        switch merged(path, into: given) {
        case .success(let values): return ServeArguments.outcome(values, cores: cores)
        case .failure(let problem): return failure(problem)
        }
    }

    private static func failure(_ problem: ServeArguments.Problem) -> ServeArguments.Outcome {
        .exit(code: 2, stdout: "", stderr: "calpolicy: --config: " + TerminalText.line(problem.message) + "\n")
    }

    /// The keys a file may hold: every option but help, version and config, and `policies`.
    static var keys: [String] {
        ServeOptions.spec.options.map(\.name).filter { !["help", "version", "config"].contains($0) } + ["policies"]
    }

    /// The arguments without `--config FILE` (the last one given wins), and FILE.
    static func split(_ arguments: [String]) -> (rest: [String], path: Result<String, ServeArguments.Problem>?) {
        var rest: [String] = []
        var path: Result<String, ServeArguments.Problem>?
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { rest += arguments[index...]; break }
            if word == "--config" {
                guard index + 1 < arguments.count else { return (rest, .failure(.init("missing value FILE"))) }
                path = .success(arguments[index + 1])
                index += 2
                continue
            }
            if word.hasPrefix("--config=") { path = .success(String(word.dropFirst("--config=".count))) } else { rest.append(word) }
            index += 1
        }
        return (rest, path)
    }

    /// The command line's options with the file's added where the command line gave none.
    static func merged(_ path: String, into given: RequestValues) -> Result<RequestValues, ServeArguments.Problem> {
        let limit = 1 << 20
        let data: [UInt8]
        do { data = try RegularFile.read(path, limit: limit) } catch {
            if case .tooLarge = error { return .failure(.init("\(path): larger than 1 MiB; not a configuration")) }
            return .failure(.init("\(path): \(error)"))
        }
        let members: [(key: String, value: ConfigJSON.Value)]
        do {
            guard case .object(let object) = try ConfigJSON.parse(Array(data)) else {
                return .failure(.init("\(path): not a JSON object of options"))
            }
            members = object
        } catch {
            return .failure(.init("\(path): not a JSON object of options (\(error.message))"))
        }
        let folder = (path as NSString).deletingLastPathComponent
        func located(_ file: String) -> String {
            file.hasPrefix("/") || file.contains(":") || folder.isEmpty ? file : folder + "/" + file
        }
        var values = given
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            func wrong(_ expected: String) -> ServeArguments.Problem {
                .init("\(path): '\(key)' must be \(expected), not \(value.typeName)")
            }
            if key == "policies" {
                guard case .array(let items) = value, let files = strings(items) else {
                    return .failure(wrong("an array of policy paths (strings)"))
                }
                if given.positionals.isEmpty { for file in files { values.add(positional: located(file)) } }
                continue
            }
            guard let option = ServeOptions.spec.options.first(where: { $0.name == key }), keys.contains(key) else {
                let nearest = Suggestion.nearest(to: key, among: keys).map { "; did you mean '\($0)'?" } ?? ""
                return .failure(.init("\(path): unknown key '\(key)'\(nearest)"))
            }
            let isPath = option.valueName == "FILE" || option.valueName == "PATH"
            var texts: [String]
            switch (value, option.isFlag, option.repeats) {
            case (.bool(let on), true, _):
                if on && !given.has(option) { values.add(flag: option.name) }
                continue
            case (_, true, _):
                return .failure(wrong("a flag: true or false"))
            case (.array(let items), false, true):
                guard let list = strings(items) else { return .failure(wrong("an array of strings")) }
                texts = option == ServeOptions.stack ? list.map { locatedStack($0, located) } : list
            case (_, false, true):
                return .failure(wrong("an array of strings"))
            case (_, false, false):
                guard let text = value.scalarText else { return .failure(wrong("a string or a number")) }
                texts = [isPath ? located(text) : text]
            }
            if given.has(option) { continue }
            for text in texts { values.add(value: text, for: option) }
        }
        return .success(values)
    }

    /// `us=a.lua,b.lua` with each path read from the file's folder.
    private static func locatedStack(_ text: String, _ located: (String) -> String) -> String {
        guard let equals = text.firstIndex(of: "=") else { return text }
        let paths = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        return String(text[...equals]) + paths.map { located(String($0)) }.joined(separator: ",")
    }

    private static func strings(_ items: [ConfigJSON.Value]) -> [String]? {
        let texts = items.compactMap { item -> String? in if case .string(let text) = item { return text } else { return nil } }
        return texts.count == items.count ? texts : nil
    }
}

/// A strict JSON reader for the configuration file (RFC 8259), which keeps each object's
/// members in order and refuses a key given twice in one object, naming it: Foundation's
/// readers keep one of the two silently.
enum ConfigJSON {
    indirect enum Value: Equatable {
        case null, bool(Bool), number(Double), string(String), array([Value]), object([(key: String, value: Value)])

        static func == (a: Value, b: Value) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.number(let x), .number(let y)): x == y
            case (.string(let x), .string(let y)): x == y
            case (.array(let x), .array(let y)): x == y
            case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }

        var typeName: String {
            switch self {
            case .null: "null"
            case .bool: "a boolean"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }

        /// A string as is, a number as written without a needless `.0`.
        var scalarText: String? {
            switch self {
            case .string(let text): return text
            case .number(let number):
                return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            default: return nil
            }
        }
    }

    struct Problem: Error {
        var message: String
    }

    static func parse(_ bytes: [UInt8]) throws(Problem) -> Value {
        var reader = Reader(scanner: JSONScanner(bytes: bytes, index: 0, end: bytes.count))
        reader.scanner.skipSpace()
        let value = try reader.value(depth: 0)
        reader.scanner.skipSpace()
        guard reader.scanner.current == nil else { throw reader.problem("unexpected text after the value") }
        return value
    }

    /// The structure on `JSONScanner`'s tokens: members kept in order, a key given twice refused.
    private struct Reader {
        var scanner: JSONScanner

        /// "line 4, column 13: …": where the reader stands (columns count bytes from 1, as editors
        /// and jq report them for ASCII).
        func problem(_ what: String) -> Problem {
            let bytes = scanner.bytes
            let end = min(scanner.index, bytes.count)
            let line = bytes[..<end].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            return Problem(message: "line \(line), column \(end - lineStart + 1): \(what)")
        }

        /// The scanner's fault in this reader's words, where reading stopped.
        func problem(_ failure: JSONScanner.Failure) -> Problem {
            let message = switch failure.fault {
            case .noNumber: "unexpected text"
            case .noFractionDigits: "a number needs digits after '.'"
            case .noExponentDigits: "a number needs digits in its exponent"
            case .numberOutOfRange: "a number out of range"
            case .unterminatedString: "a string is not closed"
            case .controlCharacter: "a control character in a string (escape it)"
            case .badEscape: "an unknown escape in a string"
            case .badUnicodeEscape: "expected four hex digits after \\u"
            case .loneSurrogate: "a lone surrogate in a string"
            case .notUTF8: "a string is not UTF-8"
            }
            return problem(message)
        }

        mutating func expect(_ byte: UInt8) throws(Problem) {
            guard scanner.skip(byte) else { throw problem("expected '\(Character(Unicode.Scalar(byte)))'") }
        }

        mutating func value(depth: Int) throws(Problem) -> Value {
            guard depth < 32 else { throw problem("nested more than 32 deep") }
            guard let first = scanner.current else { throw problem("unexpected end of the file") }
            switch first {
            case UInt8(ascii: "{"):
                scanner.index += 1
                var members: [(key: String, value: Value)] = []
                var seen: Set<[UInt8]> = []
                scanner.skipSpace()
                if scanner.skip(UInt8(ascii: "}")) { return .object([]) }
                while true {
                    scanner.skipSpace()
                    guard scanner.current == UInt8(ascii: "\"") else { throw problem("expected a key in quotes") }
                    let key = try string()
                    // Keys compared as their bytes: "é" and "e\u0301" are two keys, as for the option names.
                    guard seen.insert(Array(key.utf8)).inserted else {
                        throw problem("key '\(key)' is given twice; give it once")
                    }
                    scanner.skipSpace()
                    try expect(UInt8(ascii: ":"))
                    scanner.skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    scanner.skipSpace()
                    if scanner.skip(UInt8(ascii: ",")) { continue }
                    try expect(UInt8(ascii: "}"))
                    return .object(members)
                }
            case UInt8(ascii: "["):
                scanner.index += 1
                var items: [Value] = []
                scanner.skipSpace()
                if scanner.skip(UInt8(ascii: "]")) { return .array([]) }
                while true {
                    scanner.skipSpace()
                    items.append(try value(depth: depth + 1))
                    scanner.skipSpace()
                    if scanner.skip(UInt8(ascii: ",")) { continue }
                    try expect(UInt8(ascii: "]"))
                    return .array(items)
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                guard let literal = scanner.literal() else { throw problem("unexpected text") }
                return literal == .null ? .null : .bool(literal == .true)
            default:
                return .number(try number())
            }
        }

        mutating func number() throws(Problem) -> Double {
            let number: Double
            do { number = try scanner.number().value } catch { throw problem(error) }
            guard number.isFinite else { throw problem("a number out of range") }
            return number
        }

        mutating func string() throws(Problem) -> String {
            do { return try scanner.string() } catch { throw problem(error) }
        }
    }
}
