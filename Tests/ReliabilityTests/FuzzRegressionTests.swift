import Foundation
import FuzzChecks
import Testing

/// Every input a fuzz run ever crashed on (kept under Tests/Hostile/fuzz-regressions/ as
/// `TARGET-crash-<sha1>`) is replayed through the same check the fuzzer runs.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Hostile/fuzz-regressions").standardizedFileURL

    /// Inputs whose bug is reported to its owner and not yet fixed, by file name: replayed as known
    /// issues, so the suite stays green and says so, and turns the issue into a pass once fixed.
    static let known: [String: String] = [:]

    static func inputs(_ target: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(target + "-") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func replay(_ target: String, _ check: (UnsafeRawBufferPointer) -> String?) throws {
        for url in inputs(target) {
            let data = try Data(contentsOf: url)
            let problem = data.withUnsafeBytes { check($0) }
            if let known = known[url.lastPathComponent] {
                withKnownIssue(Comment(rawValue: known), isIntermittent: true) {
                    #expect(problem == nil, "\(url.lastPathComponent): \(problem ?? "")")
                }
            } else {
                #expect(problem == nil, "\(url.lastPathComponent): \(problem ?? "")")
            }
        }
    }

    @Test func keptInputsExist() {
        #expect(FileManager.default.fileExists(atPath: Self.folder.path), "no folder at \(Self.folder.path)")
    }

    @Test func dayISOInputsStayFixed() throws {
        try Self.replay("FuzzDayISO", DayISOCheck.problem)
    }

    @Test func argumentInputsStayFixed() throws {
        try Self.replay("FuzzArguments") { ArgumentsCheck.problem($0) }
    }

    @Test func nativeHelperInputsStayFixed() throws {
        try Self.replay("FuzzNativeHelpers", NativeHelpersCheck.problem)
    }

    /// The native-helper check on a few hand-made inputs, so a broken decoder shows here and not
    /// only as a fuzz run that explores nothing.
    @Test func nativeHelperCheckRunsItsProbes() {
        let inputs: [[UInt8]] = [
            [],
            Array(repeating: 0xFF, count: 300),
            Array(repeating: 0x00, count: 300),
            (0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) },
        ]
        for input in inputs {
            let problem = input.withUnsafeBytes { NativeHelpersCheck.problem($0) }
            #expect(problem == nil, "\(problem ?? "")")
        }
        let (source, _, _, _) = inputs[3].withUnsafeBytes { NativeHelpersCheck.policy($0) }
        #expect(source.contains("function(day, selection) return"))
    }
}
