import Foundation
import Testing
@testable import PolicyBundle

/// `ArchiveWriter.gzip`, the one gzip writer: one RFC 1952 member without a timestamp, which
/// gzip(1) reads back byte for byte (empty input and a megabyte of lines alike).
@Suite struct GzipTests {
    static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: a large input would otherwise fill both pipes.
        let data = Data(bytes)
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(data)
            try? input.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(out)
    }

    @Test(arguments: [0, 1, 100_000])
    func roundTrips(lines: Int) throws {
        let text = (0..<lines).map { "{\"decisionId\":\"\($0)\",\"open\":true}\n" }.joined()
        let packed = try ArchiveWriter.gzip(Array(text.utf8))
        #expect(packed.count >= 18 && packed[0] == 0x1F && packed[1] == 0x8B)
        #expect(packed[4..<8].allSatisfy { $0 == 0 })
        #expect(try Self.gunzip(packed) == Array(text.utf8))
        if lines == 100_000 { #expect(packed.count < text.utf8.count / 5) }
    }
}
