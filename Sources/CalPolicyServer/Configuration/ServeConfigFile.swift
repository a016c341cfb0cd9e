import CalPolicyArguments
import CalendarData
import CalPolicyRequests
import Foundation
import PolicyEngine
import Rendering

extension ServeOptions {
    static let config = OptionSpec.value("config", "FILE",
                                         help: "Read options from a JSON file (keys: the long option names, and policies); flags override it.")
}

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
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.problem("unexpected text after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        /// "line 4, column 13: …": where the reader stands (columns count bytes from 1, as editors
        /// and jq report them for ASCII).
        func problem(_ what: String) -> Problem {
            let end = min(index, bytes.count)
            let line = bytes[..<end].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            return Problem(message: "line \(line), column \(end - lineStart + 1): \(what)")
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8) throws(Problem) {
            guard index < bytes.count, bytes[index] == byte else {
                throw problem("expected '\(Character(Unicode.Scalar(byte)))'")
            }
            index += 1
        }

        mutating func value(depth: Int) throws(Problem) -> Value {
            guard depth < 32 else { throw problem("nested more than 32 deep") }
            guard index < bytes.count else { throw problem("unexpected end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: Value)] = []
                var seen: Set<[UInt8]> = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw problem("expected a key in quotes") }
                    let key = try string()
                    // Keys compared as their bytes: "é" and "e\u0301" are two keys, as for the option names.
                    guard seen.insert(Array(key.utf8)).inserted else {
                        throw problem("key '\(key)' is given twice; give it once")
                    }
                    skipSpace()
                    try expect(UInt8(ascii: ":"))
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "}"))
                    return .object(members)
                }
            case UInt8(ascii: "["):
                index += 1
                var items: [Value] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    try expect(UInt8(ascii: "]"))
                    return .array(items)
                }
            case UInt8(ascii: "\""):
                return .string(try string())
            case UInt8(ascii: "t"): try word("true"); return .bool(true)
            case UInt8(ascii: "f"): try word("false"); return .bool(false)
            case UInt8(ascii: "n"): try word("null"); return .null
            default:
                return .number(try number())
            }
        }

        mutating func word(_ text: String) throws(Problem) {
            let expected = Array(text.utf8)
            guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
                throw problem("unexpected text")
            }
            index += expected.count
        }

        mutating func number() throws(Problem) -> Double {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
                return index - from
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0, !(bytes[whole] == 0x30 && index - whole > 1) else { throw problem("unexpected text") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw problem("a number needs digits after '.'") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw problem("a number needs digits in its exponent") }
            }
            guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)), number.isFinite else {
                throw problem("a number out of range")
            }
            return number
        }

        mutating func string() throws(Problem) -> String {
            index += 1  // the opening quote
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else { throw problem("a string is not closed") }
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw problem("a string is not UTF-8") }
                    return text
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw problem("a string is not closed") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar) {
                            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                                throw problem("a lone surrogate in a string")
                            }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00...0xDFFF).contains(low) else { throw problem("a lone surrogate in a string") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw problem("a lone surrogate in a string") }
                        out.append(contentsOf: String(Character(unicode)).utf8)
                    default:
                        throw problem("an unknown escape in a string")
                    }
                case 0x00..<0x20:
                    throw problem("a control character in a string (escape it)")
                default:
                    out.append(byte)
                }
            }
        }

        mutating func hex4() throws(Problem) -> UInt32 {
            guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                  bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") }) else {
                throw problem("expected four hex digits after \\u")
            }
            index += 4
            return value
        }
    }
}
