import Foundation
import FuzzChecks
import Testing

/// Every input a fuzz run ever crashed on (kept under Tests/Hostile/fuzz-regressions/ as
/// `TARGET-crash-<sha1>`) is replayed through the same check the fuzzer runs, and so is the seed
/// corpus the fuzzer starts from (Fuzz/corpus/TARGET/, and the shipped policies for FuzzPolicyLoad):
/// every target replays at least one input, so no test here passes by replaying nothing.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardizedFileURL
    static let folder = root.appendingPathComponent("Tests/Hostile/fuzz-regressions")

    /// Inputs whose bug is reported to its owner and not yet fixed, by file name: replayed as known
    /// issues, so the suite stays green and says so, and turns the issue into a pass once fixed.
    static let known: [String: String] = [:]

    static func files(in folder: URL, _ keep: (String) -> Bool = { _ in true }) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter(keep).sorted().map { folder.appendingPathComponent($0) }
    }

    /// Kept crash inputs, then the seed corpus.
    static func inputs(_ target: String) -> [URL] {
        files(in: folder) { $0.hasPrefix(target + "-") }
            + files(in: root.appendingPathComponent("Fuzz/corpus/\(target)"))
    }

    static func replay(_ target: String, inputs: [URL]? = nil, _ check: (UnsafeRawBufferPointer) -> String?) throws {
        let inputs = inputs ?? Self.inputs(target)
        #expect(!inputs.isEmpty, "no input to replay for \(target)")
        for url in inputs {
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

    /// scripts/fuzz.sh seeds FuzzPolicyLoad with the shipped policies.
    @Test func policyLoadInputsStayFixed() throws {
        let policies = Self.files(in: Self.root.appendingPathComponent("policies")) { $0.hasSuffix(".lua") }
        try Self.replay("FuzzPolicyLoad", inputs: Self.inputs("FuzzPolicyLoad") + policies, PolicyLoadCheck.problem)
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
