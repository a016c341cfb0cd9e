import CalendarCore
import Foundation

/// luacheck (Debian's lua-check) run as a program over policy files with `LuacheckStandard`.
/// Not installed is an answer (`nil`), not an error: lint then runs its own checks alone.
public enum Luacheck {
    /// The first `luacheck` on PATH, or nil.
    public static func executable(path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/luacheck"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// luacheck's findings for `files`, in its order. Throws when it cannot run, or when it
    /// reports something other than warnings and errors in the files (its exit status 3+).
    public static func run(_ executable: String, files: [String]) throws(PolicyError) -> [LintFinding] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = LuacheckStandard.arguments + ["--"] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PolicyError(kind: .io, file: executable, message: "cannot run luacheck")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // 0 clean, 1 warnings, 2 errors (a syntax error is one, reported as a finding); more is luacheck failing.
        guard process.terminationStatus <= 2 else {
            throw PolicyError(kind: .io, file: executable, message: "luacheck failed (exit status \(process.terminationStatus))")
        }
        return parse(String(decoding: data, as: UTF8.self))
    }

    /// Lines of the plain formatter: `FILE:LINE:COL: (W143) message`.
    public static func parse(_ text: String) -> [LintFinding] {
        var findings: [LintFinding] = []
        for line in text.split(separator: "\n") {
            guard let codeStart = line.range(of: ": (") else { continue }
            let place = line[..<codeStart.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let row = Int(place[place.count - 2]), let column = Int(place[place.count - 1]),
                  let codeEnd = line[codeStart.upperBound...].firstIndex(of: ")") else { continue }
            let file = place.dropLast(2).joined(separator: ":")
            let code = String(line[codeStart.upperBound..<codeEnd])
            let message = line[line.index(after: codeEnd)...].drop { $0 == " " }
            findings.append(LintFinding(file: file, line: row, column: column, code: code, message: String(message)))
        }
        return findings
    }
}
