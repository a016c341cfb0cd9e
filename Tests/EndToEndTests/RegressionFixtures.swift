import Foundation

/// Paths of the regression fixtures (Tests/fixtures/regress) and a way to run git for
/// the `git:REV:path` tests.
enum RegressionFixtures {
    static let root = CalpolicyBinary.packageRoot.appendingPathComponent("Tests/fixtures/regress").path
    static let failing = root + "/failing"
    static let broken = root + "/broken"
    static let freezeV1 = root + "/diff/freeze-v1.lua"
    static let freezeV2 = root + "/diff/freeze-v2.lua"
    static let shippedPolicies = CalpolicyBinary.packageRoot.appendingPathComponent("policies").path

    /// The last line of some output (the summary of `calpolicy test`).
    static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Whether git runs here: the `git:REV:path` tests are skipped (with that reason) without it.
    static let hasGit: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "--version"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    /// Runs git in `directory`; false when it fails (or git is missing).
    @discardableResult
    static func git(_ arguments: [String], in directory: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "user.name=test", "-c", "user.email=test@example.com",
                             "-c", "commit.gpgsign=false"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }
}
