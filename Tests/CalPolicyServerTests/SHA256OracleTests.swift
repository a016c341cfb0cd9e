import CalendarData
import Foundation
import Testing
@testable import CalPolicyServer

/// The server's own SHA-256 (policy digests in /v1/status) against Python's hashlib, over
/// random inputs of every length around the 64-byte block and padding boundaries.
@Suite struct SHA256OracleTests {
    @Test func agreesWithHashlibOnRandomInputs() throws {
        var generator = SystemRandomNumberGenerator()
        var inputs: [[UInt8]] = []
        for length in Array(0...130) + [255, 256, 1000, 4096, 65_537] {
            inputs.append((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import hashlib, sys\nfor line in sys.stdin:\n"
                                 + "    print(hashlib.sha256(bytes.fromhex(line.strip())).hexdigest())"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let hex = inputs.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n") + "\n"
        input.fileHandleForWriting.write(Data(hex.utf8))
        try input.fileHandleForWriting.close()
        let answers = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with hashlib is needed (scripts/setup.sh test)")
        try #require(answers.count == inputs.count)
        for (input, expected) in zip(inputs, answers) {
            #expect(SHA256.hex(input) == expected, "length \(input.count)")
        }
    }
}
