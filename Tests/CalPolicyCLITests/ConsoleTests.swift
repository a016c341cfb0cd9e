import Foundation
import Testing
@testable import CalPolicyCLI
@testable import CalPolicyArguments
import CalPolicyRequests

@Suite struct ConsoleTests {
    @Test func aCapturingConsoleKeepsEverything() {
        let console = Console()
        let line = String(repeating: "x", count: 1023) + "\n"
        for _ in 0..<2_000 { console.write(line) }
        #expect(console.out.utf8.count == 2_000 * 1024)
    }

    /// A console streaming to a fresh temporary file, given with the file's path; the file is
    /// closed and removed after `body`.
    private func withStreamingConsole(_ body: (Console, String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("console-\(UUID().uuidString)").path
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        try #require(fd >= 0)
        defer { close(fd); unlink(path) }
        try body(Console(streamingTo: fd), path)
    }

    @Test func aStreamingConsolePassesOnFullChunksInOrder() throws {
        try withStreamingConsole { console, path in
            var expected = ""
            for index in 0..<1_500 {
                let line = String(format: "%06d", index) + String(repeating: "y", count: 1017) + "\n"
                console.write(line)
                expected += line
            }
            // 1,500 KiB written: one chunk of at least 1 MiB is in the file, the rest still buffered.
            let passed = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(passed.count >= Console.chunk)
            #expect(passed.count + console.out.utf8.count == expected.utf8.count)
            console.flush()
            let all = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(String(decoding: all, as: UTF8.self) == expected)
            #expect(console.out.isEmpty)
        }
    }

    /// A whole chunk handed over with nothing buffered goes out as it is (not copied); what
    /// was buffered before it still goes first, and what follows after it.
    @Test func aWholeChunkOfBytesKeepsItsPlaceInTheStream() throws {
        try withStreamingConsole { console, path in
            let chunk = [UInt8](repeating: UInt8(ascii: "c"), count: Console.chunk)
            console.write(bytes: chunk) // nothing buffered: straight out
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count == Console.chunk)
            #expect(console.out.isEmpty)
            console.write("head,") // buffered, then a chunk after it: both go out in order
            console.write(bytes: chunk)
            console.write("tail\n")
            console.flush()
            let all = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(all == Data(chunk + Array("head,".utf8) + chunk + Array("tail\n".utf8)))
        }
    }

    @Test func bytesAndTextShareOneStream() {
        let console = Console()
        console.write("a,")
        console.write(bytes: Array("b,".utf8))
        console.print("c")
        #expect(console.out == "a,b,c\n")
    }
}
