import Foundation

/// Runs the built `calpolicy` executable the way a user or a CI script does, and
/// captures stdout, stderr and the exit status.
enum CalpolicyBinary {
    struct Result {
        let status: Int32
        /// True when the process ended by a signal (a crash), which must never happen.
        let signalled: Bool
        let stdout: String
        let stderr: String
        let timedOut: Bool

        var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// The executable, found next to the test products (SwiftPM puts both in the
    /// same directory), else beside this source file's package in `.build/debug`.
    static let url: URL? = {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["CALPOLICY_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("calpolicy"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("calpolicy"))
        for argument in CommandLine.arguments.prefix(1) {
            let executable = URL(fileURLWithPath: argument).resolvingSymlinksInPath()
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("calpolicy"))
            // Inside an .xctest bundle directory on some platforms.
            candidates.append(executable.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("calpolicy"))
        }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug/calpolicy"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The package root, for shipped files such as `policies/`.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs with a clean environment (no colour, US English) and a generous hang guard.
    static func run(_ arguments: [String], environment extra: [String: String] = [:],
                    timeout: TimeInterval = 20, input: String? = nil) throws -> Result {
        guard let url else { throw BinaryMissing() }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("calpolicy-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("out")
        let errURL = directory.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var environment = ["LANG": "en_US.UTF-8", "SWIFT_BACKTRACE": "enable=no",
                           "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardOutput = outHandle
        process.standardError = errHandle
        if let input {
            let inURL = directory.appendingPathComponent("in")
            FileManager.default.createFile(atPath: inURL.path, contents: Data(input.utf8))
            process.standardInput = try FileHandle(forReadingFrom: inURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return Result(status: process.terminationStatus,
                      signalled: process.terminationReason == .uncaughtSignal,
                      stdout: out, stderr: err, timedOut: timedOut)
    }

    struct BinaryMissing: Error, CustomStringConvertible {
        var description: String { "the calpolicy executable was not found; run 'swift build' first" }
    }
}

/// Files written for one test and removed with it.
final class TemporaryFiles {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("calpolicy-fixtures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    func makeDirectory(_ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
