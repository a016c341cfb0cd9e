import Foundation
import Testing
@testable import CalPolicyServer

/// `--config FILE`: a JSON object of options, overridden by the command line.
@Suite struct ServeConfigFileTests {
    func file(_ json: String) -> String {
        let folder = NSTemporaryDirectory() + "calpolicy-config-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/serve.json"
        try! json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func words(_ arguments: [String]) -> [String]? { try? ServeConfigFile.expand(arguments).get() }

    @Test func keysBecomeFlagsAndRelativePathsAreTheFilesFolders() {
        let path = file(#"{"policies": ["a.lua", "/abs/b.lua", "holidays:DE"], "listen": "0.0.0.0:8080", "watch": true, "insecure": false, "cache-entries": 10, "stack": ["uk=uk.lua,/w.lua"], "decision-log": "d.jsonl"}"#)
        let folder = (path as NSString).deletingLastPathComponent
        #expect(words(["--config", path]) == [folder + "/a.lua", "/abs/b.lua", "holidays:DE",
                                               "--cache-entries", "10", "--decision-log", folder + "/d.jsonl",
                                               "--listen", "0.0.0.0:8080", "--stack", "uk=\(folder)/uk.lua,/w.lua", "--watch"])
    }

    @Test func theCommandLineWins() {
        let path = file(#"{"policies": ["a.lua"], "listen": "0.0.0.0:8080", "stack": ["uk=uk.lua"], "watch": true}"#)
        let expanded = words(["x.lua", "--config=\(path)", "--listen", "127.0.0.1:0", "--stack", "us=us.lua"])
        #expect(expanded == ["--watch", "x.lua", "--listen", "127.0.0.1:0", "--stack", "us=us.lua"])
    }

    @Test func withoutConfigTheArgumentsAreUntouched() {
        #expect(words(["a.lua", "--watch"]) == ["a.lua", "--watch"])
    }

    @Test(arguments: [
        (#"{"lisen": "x"}"#, "unknown key 'lisen'; did you mean 'listen'?"),
        (#"{"help": true}"#, "unknown key 'help'"),
        (#"{"watch": "yes"}"#, "'watch' is a flag: true or false"),
        (#"{"threads": [1]}"#, "'threads' must be a string or a number"),
        (#"{"policies": "a.lua"}"#, "'policies' must be an array of policy paths"),
        (#"["listen"]"#, "not a JSON object of options"),
    ])
    func mistakesAreOneLine(json: String, message: String) {
        let path = file(json)
        guard case .exit(let code, _, let stderr) = ServeConfigFile.parse(["--config", path], cores: 1) else {
            Issue.record("\(json) was accepted")
            return
        }
        #expect(code == 2)
        #expect(stderr.hasPrefix("calpolicy: --config: \(path): ") && stderr.contains(message), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1)
    }
}
