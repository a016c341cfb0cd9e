import CalendarCore
import Foundation
import Synchronization
import Testing
@testable import PolicyEngine

/// `print` must never reach stdout (it would corrupt JSON output): dropped by default,
/// handed to the host's handler when one is given; the engine itself writes nothing.
/// Checked at the file-descriptor level.
@Suite(.serialized) struct PrintCaptureTests {
    let fixture = PolicyFixture()

    /// Runs `body` with fd 1 and fd 2 sent to files; returns what each received
    /// (and passes it on, so other tests' output is not lost).
    private func capture(_ body: () throws -> Void) rethrows -> (stdout: String, stderr: String) {
        let captured = try redirected(body)
        FileHandle.standardOutput.write(Data(captured.stdout.utf8))
        FileHandle.standardError.write(Data(captured.stderr.utf8))
        return captured
    }

    private func redirected(_ body: () throws -> Void) rethrows -> (stdout: String, stderr: String) {
        fflush(nil)
        let outPath = fixture.directory + "/stdout.txt", errPath = fixture.directory + "/stderr.txt"
        let savedOut = dup(1), savedErr = dup(2)
        let outFile = open(outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let errFile = open(errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(outFile, 1)
        dup2(errFile, 2)
        defer {
            fflush(nil)
                dup2(savedOut, 1)
            dup2(savedErr, 2)
            close(outFile)
            close(errFile)
            close(savedOut)
            close(savedErr)
        }
        try body()
        fflush(nil)
        return (Self.contents(outPath), Self.contents(errPath))
    }

    /// POSIX reads: Foundation's file reading leaks a buffer for empty files,
    /// which the leak checker would report against this suite.
    private static func contents(_ path: String) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Collects what the engine hands to a print handler.
    private final class Printed: Sendable {
        let lines = Mutex<[String]>([])
        var handler: PolicyPrint { { file, text in self.lines.withLock { $0.append(file + ": " + text) } } }
    }

    @Test func printIsDroppedByDefaultAndHandedToTheHostWhenAsked() throws {
        let source = "function canSelect() print('marker-7f3a', 42, nil) return true end"
        let printed = Printed()
        let quiet = try fixture.load(source, name: "quiet.lua")
        let loud = try fixture.load(source, name: "loud.lua", options: LuaPolicyOptions(print: printed.handler))
        let day = Day.at("2026-01-01")
        let dropped = try capture { _ = try quiet.canSelect(day, context: PolicyContext()) }
        let routed = try capture { _ = try loud.canSelect(day, context: PolicyContext()) }
        #expect(!dropped.stdout.contains("marker-7f3a"))
        #expect(!dropped.stderr.contains("marker-7f3a"))
        #expect(!routed.stdout.contains("marker-7f3a"))
        #expect(!routed.stderr.contains("marker-7f3a"))
        #expect(printed.lines.withLock { $0 } == ["loud.lua: marker-7f3a\t42\tnil"])
    }

    /// The engine hands the text on as printed: escaping it is the host's job (the CLI's
    /// `PolicyPrintLine`).
    @Test func printedTextReachesTheHostUnescaped() throws {
        let source = #"function canSelect() print("x\ncalpolicy: forged.lua:1: boom\27[2J\u{202E}\u{2028}\u{85}end") return true end"#
        let printed = Printed()
        let loud = try fixture.load(source, name: "forge.lua", options: LuaPolicyOptions(print: printed.handler))
        let routed = try capture { _ = try loud.canSelect(Day.at("2026-01-01"), context: PolicyContext()) }
        #expect(printed.lines.withLock { $0 } == ["forge.lua: x\ncalpolicy: forged.lua:1: boom\u{1B}[2J\u{202E}\u{2028}\u{85}end"])
        #expect(!routed.stderr.contains("forged"))
        #expect(!routed.stdout.contains("forged"))
    }
}
