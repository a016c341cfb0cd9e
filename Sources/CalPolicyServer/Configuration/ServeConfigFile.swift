import CalPolicyArguments
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
/// server already reads it (no parser added), its types are unambiguous (`true` is not
/// `"true"`), and a ConfigMap or a unit's config directory carries it as is.
///
/// The file becomes command-line words before `ServeArguments` reads them, so both have one
/// meaning: a flag given on the command line wins over the file's key (a repeated option or
/// POLICY arguments replace the file's list whole); an unknown key is an error with the nearest
/// name; relative policy, token and log paths are read from the file's folder.
public enum ServeConfigFile {
    public static func parse(_ arguments: [String], cores: Int) -> ServeArguments.Outcome {
        switch expand(arguments) {
        case .success(let words): return ServeArguments.parse(words, cores: cores)
        case .failure(let problem):
            return .exit(code: 2, stdout: "", stderr: "calpolicy: --config: " + TerminalText.escape(problem.message) + "\n")
        }
    }

    /// The keys a file may hold: every option but help, version and config, and `policies`.
    static var keys: [String] {
        ServeOptions.spec.options.map(\.name).filter { !["help", "version", "config"].contains($0) } + ["policies"]
    }

    static func expand(_ arguments: [String]) -> Result<[String], ServeArguments.Problem> {
        var rest: [String] = []
        var path: String?
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { rest += arguments[index...]; break }
            if word == "--config" {
                guard index + 1 < arguments.count else { return .failure(.init("missing value FILE")) }
                path = arguments[index + 1]
                index += 2
                continue
            }
            if word.hasPrefix("--config=") { path = String(word.dropFirst("--config=".count)) } else { rest.append(word) }
            index += 1
        }
        guard let path else { return .success(arguments) }
        guard let data = FileManager.default.contents(atPath: path) else { return .failure(.init("\(path): cannot read the file")) }
        let object: [String: JSONValue]
        do { object = try JSONDecoder().decode([String: JSONValue].self, from: data) } catch {
            return .failure(.init("\(path): not a JSON object of options (\(describe(error)))"))
        }
        // What the command line says; a command line the scanner refuses is reported by
        // ServeArguments itself, as without a file.
        guard let given = try? ArgumentScanner(spec: ServeOptions.spec).scan(ArgumentToken.tokenise(rest)) else {
            return .success(rest)
        }
        let folder = (path as NSString).deletingLastPathComponent
        func located(_ file: String) -> String {
            file.hasPrefix("/") || file.contains(":") || folder.isEmpty ? file : folder + "/" + file
        }
        var words: [String] = []
        for key in object.keys.sorted() {
            let value = object[key]!
            if key == "policies" {
                guard case .array(let items) = value, let files = strings(items) else {
                    return .failure(.init("\(path): 'policies' must be an array of policy paths"))
                }
                if given.positionals.isEmpty { words = files.map(located) + words }
                continue
            }
            guard let option = ServeOptions.spec.options.first(where: { $0.name == key }), keys.contains(key) else {
                let nearest = Suggestion.nearest(to: key, among: keys).map { "; did you mean '\($0)'?" } ?? ""
                return .failure(.init("\(path): unknown key '\(key)'\(nearest)"))
            }
            if given.has(option) { continue }
            let isPath = option.valueName == "FILE" || option.valueName == "PATH"
            switch (value, option.isFlag, option.repeats) {
            case (.bool(let on), true, _):
                if on { words.append("--" + key) }
            case (.array(let items), false, true):
                guard let texts = strings(items) else {
                    return .failure(.init("\(path): '\(key)' must be an array of strings"))
                }
                for text in texts {
                    words += ["--" + key, option == ServeOptions.stack ? locatedStack(text, located) : text]
                }
            case (_, false, _):
                guard let text = value.scalarText else {
                    return .failure(.init("\(path): '\(key)' must be \(option.repeats ? "an array of strings" : "a string or a number")"))
                }
                words += ["--" + key, isPath ? located(text) : text]
            default:
                return .failure(.init("\(path): '\(key)' is a flag: true or false"))
            }
        }
        return .success(words + rest)
    }

    /// `us=a.lua,b.lua` with each path read from the file's folder.
    private static func locatedStack(_ text: String, _ located: (String) -> String) -> String {
        guard let equals = text.firstIndex(of: "=") else { return text }
        let paths = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        return String(text[...equals]) + paths.map { located(String($0)) }.joined(separator: ",")
    }

    private static func strings(_ items: [JSONValue]) -> [String]? {
        let texts = items.compactMap { item -> String? in if case .string(let text) = item { return text } else { return nil } }
        return texts.count == items.count ? texts : nil
    }

    private static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            return (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
        }
        return "a value is not a string, number, true, false or an array"
    }

    enum JSONValue: Decodable {
        case bool(Bool), number(Double), string(String), array([JSONValue]), null

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else if let text = try? container.decode(String.self) { self = .string(text) }
            else { self = .array(try container.decode([JSONValue].self)) }
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
}
