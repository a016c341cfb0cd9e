import CalPolicyArguments
import CalPolicyRequests
import Foundation
import Testing
@testable import CalPolicyServer

/// `--config FILE`: a JSON object of options, overridden by the command line. Its values are
/// typed data put into the parsed options, never command-line words read again.
@Suite struct ServeConfigFileTests {
    func file(_ json: String) -> String {
        let folder = NSTemporaryDirectory() + "calpolicy-config-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/serve.json"
        try! json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func merged(_ path: String, commandLine: [String] = []) -> RequestValues? {
        let given = try! ArgumentScanner(spec: ServeOptions.spec).scan(ArgumentToken.tokenise(commandLine))
        return try? ServeConfigFile.merged(path, into: given).get()
    }

    func errorLine(_ arguments: [String]) -> (code: Int32, line: String)? {
        if case .exit(let code, _, let stderr) = ServeConfigFile.parse(arguments, cores: 1) { return (code, stderr) }
        return nil
    }

    @Test func keysBecomeOptionsAndRelativePathsAreTheFilesFolders() throws {
        let path = file(#"{"policies": ["a.lua", "/abs/b.lua", "holidays:DE"], "listen": "0.0.0.0:8080", "watch": true, "insecure": false, "cache-entries": 10, "stack": ["uk=uk.lua,/w.lua"], "decision-log": "d.jsonl"}"#)
        let folder = (path as NSString).deletingLastPathComponent
        let values = try #require(merged(path))
        #expect(values.positionals == [folder + "/a.lua", "/abs/b.lua", "holidays:DE"])
        #expect(values.all("cache-entries") == ["10"] && values.all("decision-log") == [folder + "/d.jsonl"])
        #expect(values.all("listen") == ["0.0.0.0:8080"] && values.all("stack") == ["uk=\(folder)/uk.lua,/w.lua"])
        #expect(values.has("watch") && !values.has("insecure"))
    }

    @Test func theCommandLineWins() throws {
        let path = file(#"{"policies": ["a.lua"], "listen": "0.0.0.0:8080", "stack": ["uk=uk.lua"], "watch": true}"#)
        let values = try #require(merged(path, commandLine: ["x.lua", "--listen", "127.0.0.1:0", "--stack", "us=us.lua"]))
        #expect(values.positionals == ["x.lua"] && values.all("listen") == ["127.0.0.1:0"] && values.all("stack") == ["us=us.lua"])
        #expect(values.has("watch"))
    }

    /// A policy path or a value that looks like an option stays a path or a value: nothing in
    /// the file turns on CORS, fixes today, adds a stack or a decision log unless its key says so.
    @Test(arguments: ["--cors-origin=https://evil.example", "--today=1999-01-01", "--stack=evil=policies/weekends.lua",
                      "--decision-log=/tmp/evil.jsonl", "--insecure", "--listen=0.0.0.0:1", "-", "--", "-h", "--help",
                      "--version", "--config=/etc/passwd", "-x"])
    func policiesThatLookLikeOptionsArePaths(word: String) throws {
        let json = "{\"policies\": [\"policies/weekends.lua\", \(String(data: try JSONEncoder().encode(word), encoding: .utf8)!)]}"
        let path = file(json)
        let values = try #require(merged(path))
        let folder = (path as NSString).deletingLastPathComponent
        // (a word with ':' is kept as written, as `holidays:DE` is)
        #expect(values.positionals.count == 2 && values.positionals[1] == (word.contains(":") ? word : folder + "/" + word))
        #expect(values.values.isEmpty && values.flags.isEmpty, "\(word) set \(values.values) \(values.flags)")
        // The whole parse refuses the missing policy file, naming it; it never runs with the option.
        let outcome = ServeConfigFile.parse(["--config", path, "--listen", "127.0.0.1:0"], cores: 1)
        guard case .exit(let code, let stdout, let stderr) = outcome else { Issue.record("\(word) ran"); return }
        #expect(code != 0 && stdout.isEmpty && stderr.hasPrefix("calpolicy: ") && stderr.split(separator: "\n").count == 1, "\(stderr)")
    }

    @Test(arguments: [("listen", "--insecure"), ("cors-origin", "--today=1999-01-01"), ("today", "--help"),
                      ("time-zone", "--version")])
    func valuesThatLookLikeOptionsAreValues(key: String, value: String) throws {
        let values = try #require(merged(file("{\"policies\": [\"a.lua\"], \"\(key)\": \"\(value)\"}")))
        #expect(values.all(key) == [value] && values.flags.isEmpty && values.values.count == 1)
    }

    @Test(arguments: ["listen", "policies", "stack", "watch", "threads", "cors-origin", "décision"])
    func aKeyGivenTwiceIsAnErrorNamingIt(key: String) {
        for json in ["{\"\(key)\": 1, \"\(key)\": 2}", "{\"\(key)\": [\"a\"], \"x\": 1, \"\(key)\": [\"b\"]}",
                     "{\"\(key)\": \"a\", \"\(key)\" : \"a\"}"] {
            let path = file(json)
            guard let (code, line) = errorLine(["--config", path]) else { Issue.record("\(json) ran"); continue }
            #expect(code == 2 && line.contains("key '\(key)' is given twice"), "\(line)")
        }
        // Two spellings that Swift's String calls equal are two keys (one of them then unknown).
        let path = file("{\"policies\": [\"a.lua\"], \"caf\u{e9}\": 1, \"cafe\u{301}\": 2}")
        #expect(errorLine(["--config", path])?.line.contains("given twice") == false)
    }

    @Test(arguments: [
        (#"{"lisen": "x"}"#, "unknown key 'lisen'; did you mean 'listen'?"),
        (#"{"help": true}"#, "unknown key 'help'"),
        (#"{"watch": "yes"}"#, "'watch' must be a flag: true or false, not a string"),
        (#"{"watch": 1}"#, "'watch' must be a flag: true or false, not a number"),
        (#"{"watch": null}"#, "'watch' must be a flag: true or false, not null"),
        (#"{"threads": [1]}"#, "'threads' must be a string or a number, not an array"),
        (#"{"listen": true}"#, "'listen' must be a string or a number, not a boolean"),
        (#"{"listen": {"host": "x"}}"#, "'listen' must be a string or a number, not an object"),
        (#"{"listen": null}"#, "'listen' must be a string or a number, not null"),
        (#"{"policies": "a.lua"}"#, "'policies' must be an array of policy paths (strings), not a string"),
        (#"{"policies": ["a.lua", 1]}"#, "'policies' must be an array of policy paths (strings), not an array"),
        (#"{"stack": "uk=uk.lua"}"#, "'stack' must be an array of strings, not a string"),
        (#"{"stack": ["uk=uk.lua", true]}"#, "'stack' must be an array of strings, not an array"),
        (#"["listen"]"#, "not a JSON object of options"),
        (#"{"listen": "x",}"#, "not a JSON object of options"),
        (#"{"listen": "x"} {}"#, "not a JSON object of options"),
        (#"{"listen": 'x'}"#, "not a JSON object of options"),
        (#"{"listen": "\ud800"}"#, "not a JSON object of options"),
        ("{\"listen\": \"a\u{1}b\"}", "not a JSON object of options"),
        ("", "not a JSON object of options"),
    ])
    func mistakesAreOneLine(json: String, message: String) {
        let path = file(json)
        guard let (code, stderr) = errorLine(["--config", path]) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(code == 2)
        #expect(stderr.hasPrefix("calpolicy: --config: \(path): ") && stderr.contains(message), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1)
    }

    /// A broken file names the line and column where the reader stopped, as an editor counts them.
    @Test(arguments: [
        ("{\n  \"policies\": [\"a.lua\"],\n  \"listen\": \n}\n", "line 4, column 1: "),
        ("{\"listen\": \"x\",}", "line 1, column 16: "),
        ("{\n\t\"watch\": tru\n}", "line 2, column 11: "),
    ])
    func aBrokenFileNamesLineAndColumn(json: String, position: String) {
        let path = file(json)
        guard let (code, stderr) = errorLine(["--config", path]) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(code == 2)
        #expect(stderr.contains(position), "\(stderr)")
    }

    @Test func theReaderKeepsWhatJSONSays() throws {
        let text = #"{"a": [1, -2.5e1, 0, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"], "b": {}, "c": []}"#
        let value = try ConfigJSON.parse(Array(text.utf8))
        #expect(value == .object([("a", .array([.number(1), .number(-25), .number(0), .bool(true), .bool(false), .null,
                                                 .string("x\"\\/\u{8}\u{c}\n\r\t\u{e9}\u{1F600}")])),
                                  ("b", .object([])), ("c", .array([]))]))
        for bad in ["01", "1.", "-", "+1", "1e", "[1,]", "{\"a\" 1}", "tru", "\"a", "[" + String(repeating: "[", count: 40) + "]"] {
            #expect(throws: ConfigJSON.Problem.self, "\(bad)") { try ConfigJSON.parse(Array(bad.utf8)) }
        }
    }
}

/// `--diagnostic-addr` serves `/metrics` and `/v1/status` without a token: a loopback address, or
/// `--insecure` (a token file guards nothing there), on the command line and in a file.
@Suite struct DiagnosticAddressTests {
    @Test(arguments: [("127.0.0.1:0", true), ("localhost:9090", true), ("[::1]:0", true), ("127.1.2.3:0", true),
                      ("0.0.0.0:9090", false), ("[::]:9090", false), ("10.0.0.1:9090", false), ("192.168.1.1:0", false)])
    func aNonLoopbackAddressNeedsInsecure(address: String, loopback: Bool) {
        let base = ["policies/weekends.lua", "--listen", "127.0.0.1:0", "--diagnostic-addr", address]
        for (extra, runs) in [([String](), loopback), (["--insecure"], true), (["--token-file", "/run/token"], loopback),
                              (["--token-file", "/run/token", "--insecure"], true)] {
            switch ServeArguments.parse(base + extra, cores: 1) {
            case .run(let configuration):
                #expect(runs, "\(address) \(extra) ran")
                #expect(configuration.diagnostic != nil)
            case .exit(let code, _, let stderr):
                #expect(!runs, "\(address) \(extra): \(stderr)")
                #expect(code == 2 && stderr.hasPrefix("calpolicy: --diagnostic-addr: ") && stderr.contains("not a loopback address"))
            }
        }
    }
}
