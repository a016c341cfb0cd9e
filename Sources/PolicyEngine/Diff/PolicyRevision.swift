import CalendarCore
import Foundation

/// A policy named on the command line: a file, or `git:REV:path` for the file as it
/// was in a revision (read with `git show REV:path` into a temporary file, so a CI job
/// can compare a branch with main without a second checkout).
public struct PolicyRevision: Sendable {
    public static let prefix = "git:"

    /// What the user wrote.
    public let argument: String
    /// A file holding the policy text.
    public let path: String
    /// Where the policy lives in the working tree: the file, or a `git:` revision's path
    /// (where its stored snapshots are looked for).
    public let workingPath: String
    /// A `git:` revision's text as `git show` gave it (nil for a file, read by its caller).
    public let source: [UInt8]?
    private let temporaryDirectory: String?

    public var isGit: Bool { temporaryDirectory != nil }

    public init(_ argument: String) throws(PolicyError) {
        self.argument = argument
        guard argument.hasPrefix(Self.prefix) else {
            path = argument
            workingPath = argument
            source = nil
            temporaryDirectory = nil
            return
        }
        let spec = argument.dropFirst(Self.prefix.count)
        guard let colon = spec.firstIndex(of: ":"), colon != spec.startIndex, spec.index(after: colon) != spec.endIndex else {
            throw PolicyError(kind: .io, file: argument, message: "expected 'git:REV:path', e.g. 'git:main:policies/payday.lua'")
        }
        let revision = String(spec[..<colon])
        let file = String(spec[spec.index(after: colon)...])
        workingPath = file
        // git would take a revision starting with '-' as an option (`--output=…`).
        guard !revision.hasPrefix("-") else {
            throw PolicyError(kind: .io, file: argument, message: "the revision '\(revision)' starts with '-'; "
                                  + "expected a branch, tag or commit, e.g. 'git:main:policies/payday.lua'")
        }
        let text = try Self.show(revision: revision, file: file, argument: argument)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("calpolicy-git-\(UUID().uuidString)")
        let target = directory.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: target)
        } catch {
            throw PolicyError(kind: .io, file: argument, message: "cannot write a temporary copy")
        }
        path = target.path
        source = [UInt8](text)
        temporaryDirectory = directory.path
    }

    /// Removes the temporary copy, if any.
    public func cleanUp() {
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    private static func show(revision: String, file: String, argument: String) throws(PolicyError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Run in the file's own folder, naming it "./name": git then resolves it inside
        // whatever repository holds that folder, for relative and absolute paths alike.
        let url = URL(fileURLWithPath: file)
        // `--end-of-options`: the one argument is never an option, whatever it holds.
        process.arguments = ["git", "-C", url.deletingLastPathComponent().path, "show", "--end-of-options",
                             "\(revision):./\(url.lastPathComponent)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PolicyError(kind: .io, file: argument, message: "cannot run git")
        }
        // Read both pipes fully before waiting, so a large file cannot block git.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData, as: UTF8.self).split(separator: "\n").first.map(String.init)
                ?? "exit status \(process.terminationStatus)"
            // git's own words, unchanged (one line; the error line escapes what it must).
            throw PolicyError(kind: .io, file: argument, message: "git show failed: \(message)")
        }
        return data
    }
}
