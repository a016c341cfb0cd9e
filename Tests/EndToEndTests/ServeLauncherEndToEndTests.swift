import Foundation
import Testing

/// `calpolicy serve` hands its arguments to `calpolicy-serve`; the server itself is checked
/// end to end by `scripts/checks/serve.sh`.
@Suite struct ServeLauncherEndToEndTests {
    @Test func helpServeShowsTheServerOptions() throws {
        let result = try CalpolicyBinary.run(["help", "serve"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--listen <HOST:PORT>"))
        #expect(result.stdout.contains("--stack <NAME=POLICY[,POLICY...]>"))
    }

    @Test func serveHandsOverAndTheServerChecksItsArguments() throws {
        let server = try #require(CalpolicyBinary.url).deletingLastPathComponent().appendingPathComponent("calpolicy-serve")
        try #require(FileManager.default.isExecutableFile(atPath: server.path), "calpolicy-serve is built beside calpolicy")
        let policy = CalpolicyBinary.packageRoot.appendingPathComponent("policies/weekends.lua").path
        let result = try CalpolicyBinary.run(["serve", policy, "--listen", "0.0.0.0:0"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix("calpolicy: --listen: '0.0.0.0' is not a loopback address") == true)
        let help = try CalpolicyBinary.run(["serve", "--help"])
        #expect(help.status == 0)
        // The help is the server executable's own, and says so.
        #expect(help.stdout.contains("USAGE: calpolicy-serve [POLICY ...] [options]"))
        let viaHelp = try CalpolicyBinary.run(["help", "serve"])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == help.stdout)
        let version = try CalpolicyBinary.run(["serve", "--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("calpolicy-serve "))
    }
}
