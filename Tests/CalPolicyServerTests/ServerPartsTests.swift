import CalendarData
import CalPolicyRequests
import Foundation
import MHDHost
import Rendering
import Testing
@testable import CalPolicyServer

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([UInt8](repeating: 0x61, count: 1000)).count == 64)
    }
}

@Suite struct ServeArgumentsTests {
    func errorLine(_ arguments: [String]) -> (Int32, String)? {
        if case .exit(let code, _, let stderr) = ServeArguments.parse(arguments, cores: 2) { return (code, stderr) }
        return nil
    }

    @Test func stacksAndDefaults() throws {
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/weekends.lua", "--stack", "uk=policies/uk-bank-holidays.lua,policies/weekends.lua",
             "--listen", "127.0.0.1:0", "--calendar", "hebrew", "--today", "2026-12-01"], cores: 2)
        else { Issue.record("expected a configuration"); return }
        #expect(configuration.stacks.map(\.name) == ["default", "uk"])
        #expect(configuration.stacks[1].paths.count == 2)
        #expect(configuration.port == 0)
        #expect(configuration.timeout == 2)
        // The defaults, but for the one route whose body may be larger (`--admit-max-body`, 4 MiB).
        var limits = HTTPLimits()
        limits.maxBodyByPath["/v1/admit"] = 4 << 20
        #expect(configuration.threads == 2 && configuration.stackWorkers >= 2 && configuration.limits == limits)
        #expect(configuration.defaults.values.keys.sorted() == ["calendar", "today"])
        #expect(configuration.fixedToday?.iso == "2026-12-01")
    }

    @Test func refusals() {
        #expect(errorLine([])?.0 == 2)
        #expect(errorLine(["policies/weekends.lua", "--listen", "0.0.0.0:80"])?.1.hasPrefix("calpolicy: --listen: ") == true)
        #expect(errorLine(["policies/weekends.lua", "--listen", "nowhere"])?.0 == 2)
        #expect(errorLine(["--stack", "bad name=policies/weekends.lua"])?.0 == 2)
        #expect(errorLine(["--stack", "a=policies/weekends.lua", "--stack", "a=policies/weekends.lua"])?.0 == 2)
        #expect(errorLine(["policies/weekends.lua", "--calendar", "mayan"])?.1.contains("--calendar") == true)
        #expect(errorLine(["-"])?.0 == 2)
        #expect(errorLine(["policies/weekends.lua", "--insecure", "--listen", "0.0.0.0:0"]) == nil)
    }

    @Test func helpAndVersionNameTheServerExecutable() {
        guard case .exit(let code, let stdout, _) = ServeArguments.parse(["--help"], cores: 2) else {
            Issue.record("expected help"); return
        }
        #expect(code == 0)
        #expect(stdout.contains("USAGE: calpolicy-serve [POLICY ...] [options]"))
        #expect(stdout.contains("--version"))
        guard case .exit(0, let version, _) = ServeArguments.parse(["--version"], cores: 2) else {
            Issue.record("expected the version"); return
        }
        #expect(version == "calpolicy-serve \(ServeArguments.version) (\(BuildCommit.current))\n")
    }

    @Test func requestErrorsAreNamedByEachFaceFromTheCatalogue() {
        let error = RequestError(OptionCatalogue.firstWeekday, value: "9", reason: "expected an integer 1...7")
        #expect(error.message(.commandLine) == "invalid value '9' for '--first-weekday <1-7>': expected an integer 1...7")
        #expect(error.message(.api) == "invalid value '9' for 'firstWeekday': expected an integer 1...7")
        #expect(RequestError(OptionCatalogue.maxCount, .missing).message(.api)
            == "missing required option 'limits.maxCount'")
    }
}

@Suite struct ResponseCacheTests {
    func entry(_ size: Int) -> ResponseCache.Entry { .init(status: 200, body: [UInt8](repeating: 0x20, count: size), contentType: "application/json") }

    @Test func boundedInEntriesAndBytes() {
        // Keys of one byte: the byte bounds below count them too.
        func put(_ cache: ResponseCache, _ key: String, _ entry: ResponseCache.Entry) { cache.put(CacheKey(bytes: Array(key.utf8)), entry) }
        func get(_ cache: ResponseCache, _ key: String) -> ResponseCache.Entry? { cache.get(CacheKey(bytes: Array(key.utf8))) }
        let cache = ResponseCache(capacity: 2, byteCapacity: 100)
        put(cache, "a", entry(10))
        put(cache, "b", entry(10))
        #expect(get(cache, "a") != nil && get(cache, "b") != nil)
        put(cache, "c", entry(10))
        #expect(get(cache, "a") == nil && get(cache, "c") != nil)
        let bytes = ResponseCache(capacity: 100, byteCapacity: 100)
        for key in ["1", "2", "3", "4"] { put(bytes, key, entry(24)) }
        #expect(["1", "2", "3", "4"].allSatisfy { get(bytes, $0) != nil })
        put(bytes, "5", entry(24))  // past 100 bytes: starts over
        #expect(get(bytes, "1") == nil && get(bytes, "5") != nil)
        put(bytes, "big", entry(23))  // more than a quarter of the bytes: never kept
        #expect(get(bytes, "big") == nil)
        cache.clear()
        #expect(get(cache, "c") == nil)
        let none = ResponseCache(capacity: 0)
        put(none, "a", entry(1))
        #expect(get(none, "a") == nil)
    }
}

@Suite struct ServeLoggingOptionsTests {
    func configuration(_ extra: [String]) -> ServeConfiguration? {
        if case .run(let configuration) = ServeArguments.parse(["policies/weekends.lua"] + extra, cores: 2) { return configuration }
        return nil
    }

    func exitCode(_ extra: [String]) -> Int32? {
        if case .exit(let code, _, _) = ServeArguments.parse(["policies/weekends.lua"] + extra, cores: 2) { return code }
        return nil
    }

    @Test func defaults() {
        let configuration = configuration([])
        #expect(configuration?.timeZone == "UTC")
        #expect(configuration?.corsOrigin == nil)
        #expect(configuration?.jsonLog == false)
        #expect(configuration?.accessLog == true)
        #expect(configuration?.decisionLog == nil)
    }

    @Test func logFormatOffTurnsTheAccessLogOffOnly() {
        let off = configuration(["--log-format", "off", "--decision-log", "/tmp/d.jsonl"])
        #expect(off?.accessLog == false)
        #expect(off?.jsonLog == false)
        #expect(off?.decisionLog == "/tmp/d.jsonl")
        #expect(configuration(["--log-format", "json"])?.accessLog == true)
        #expect(configuration(["--log-format", "text"])?.accessLog == true)
    }

    @Test func values() {
        let configuration = configuration(["--time-zone", "Europe/Berlin", "--cors-origin", "https://app.example.com:8443",
                                           "--log-format", "json", "--decision-log", "/tmp/d.jsonl"])
        #expect(configuration?.timeZone == "Europe/Berlin")
        #expect(configuration?.corsOrigin == "https://app.example.com:8443")
        #expect(configuration?.jsonLog == true)
        #expect(configuration?.decisionLog == "/tmp/d.jsonl")
    }

    @Test func refusals() {
        #expect(exitCode(["--time-zone", "Mars/Olympus"]) == 2)
        #expect(exitCode(["--time-zone", "../../etc/passwd"]) == 2)
        #expect(exitCode(["--time-zone", "/etc/localtime"]) == 2)
        #expect(exitCode(["--log-format", "xml"]) == 2)
        #expect(exitCode(["--log-format", "OFF"]) == 2)
        #expect(exitCode(["--log-format", ""]) == 2)
        #expect(exitCode(["--cors-origin", "app.example.com"]) == 2)
        #expect(exitCode(["--cors-origin", "https://app.example.com/"]) == 2)
    }

    @Test func logJSONEscapesLikeTheTerminalAndStaysOneLine() {
        // Rendering's one JSON writer; untrusted text first goes through TerminalText.
        #expect(LogJSON.line([("q", LogJSON.text("a\"b\\c\nd\u{1}"))]) == #"{"q": "a\"b\\c\\nd\\u{1}"}"#)
        for hostile in ["\u{85}", "\u{2028}", "\u{202E}", "\u{9B}31m", "\u{1B}[2J"] {
            let line = LogJSON.line([("q", LogJSON.text("x" + hostile + "y"))])
            #expect(!line.unicodeScalars.contains { TerminalText.needsEscape($0.value) }, "\(line)")
        }
        #expect(LogJSON.line([("b", LogJSON.body(Array("{\n \"b\": 1,\n \"a\": [1, 2]\n}".utf8)))])
                    == #"{"b": {"a": [1, 2], "b": 1}}"#)
        #expect(LogJSON.line([("b", LogJSON.body(Array("{\"t\": true, \"n\": 2.5}".utf8)))]) == #"{"b": {"n": "2.5", "t": true}}"#)
        #expect(LogJSON.body([]) == .null)
    }

    @Test func oneLineIsAtMostFourKiBWhateverItHolds() {
        for piece in ["E", "\u{1}", "é", "\u{202E}", "🙂"] {
            let line = TerminalText.line(String(repeating: piece, count: 1 << 20))
            #expect(line.utf8.count <= 4096 && line.hasSuffix("...") && !line.contains("\n"), "\(piece)")
        }
        #expect(TerminalText.line("short") == "short")
        #expect(TerminalText.maxLineBytes == 4096)
    }

    @Test func requestIDsAreDistinct() {
        let ids = RequestIDs()
        let a = ids.next(), b = ids.next()
        #expect(a != b && a.count == b.count)
        // The prefix's eight hex digits, a dash, the counter in at least six (as
        // `String(_:radix:)` and `leftPadded` wrote them).
        let prefix = String(a.prefix(9))
        #expect(a.count == 15 && a.hasPrefix(prefix) && a.hasSuffix("-000001") && b.hasSuffix("-000002"))
        #expect(prefix.dropLast().allSatisfy { $0.isHexDigit && !$0.isUppercase })
        let later = RequestIDs(counter: 0xabcdef)
        #expect(later.next().hasSuffix("-abcdf0"))
        let wider = RequestIDs(counter: 0xffffff)
        #expect(wider.next().hasSuffix("-1000000"))
        #expect(RequestIDs(counter: UInt64.max - 1).next().hasSuffix("-ffffffffffffffff"))
    }
}

@Suite struct AccessLineTests {
    /// The access line's duration is what `%.2f` of the milliseconds writes.
    @Test func millisecondsHaveTwoDecimalsAsPrintfWritesThem() {
        for seconds in [0, 0.000_001, 0.000_004_9, 0.000_42, 0.001, 0.012_345, 0.1, 1.5, 12.345_67, 3_600.0] {
            #expect(Router.milliseconds(seconds) == String(format: "%.2f", seconds * 1000), "\(seconds)")
        }
        // No duration is ever these; the conversion still must not trap on them.
        for seconds in [-1, .infinity, -.infinity, .nan, 1e300] as [Double] {
            #expect(!Router.milliseconds(seconds).isEmpty)
        }
    }
}

@Suite struct LogSinkTests {
    /// A burst of lines is written whole and in order (a batch goes out in one write), and a
    /// sink whose descriptor fails counts every line it could not write as dropped.
    @Test func burstsAreWrittenInOrderAndFailuresAreCounted() throws {
        // A file, not a pipe: nothing reads while the sink writes, and a pipe's buffer (as
        // small as a page when the user's pipe pages run short) would block the writer.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(fd >= 0)
        defer { unlink(path) }
        let sink = LogSink(name: "test", fd: fd)
        let expected = (0..<2_000).map { "line \($0) " + String(repeating: "x", count: $0 % 37) }
        for line in expected { #expect(sink.append(line)) }
        sink.flush(within: 60)
        close(fd)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(String(decoding: bytes, as: UTF8.self) == expected.map { $0 + "\n" }.joined())

        let failing = LogSink(name: "failing", fd: -1)  // no descriptor: every write fails
        for line in expected.prefix(50) { failing.append(line) }
        failing.flush(within: 60)
        // Its own "lines dropped" notice goes to itself and fails too.
        #expect(failing.counts.failedWrites >= 50)
        #expect(!failing.healthy)
    }

    /// SIGHUP's reopen while a batch is being written: the old descriptor stays open until
    /// that batch is out (closed earlier, its number goes to the next accepted connection and
    /// the batch's lines into that client's socket), and is closed after it.
    @Test func aReplacedDescriptorIsClosedOnlyAfterTheBatchWrittenToIt() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (reader, writer) = (ends[0], ends[1])
        defer { close(reader) }
        let sink = LogSink(name: "test", fd: writer)
        // More than a pipe holds: the writer blocks inside its batch until the pipe is read.
        let line = String(repeating: "y", count: 2_047)
        for _ in 0..<256 { #expect(sink.append(line)) }
        let deadline = Date().addingTimeInterval(30)
        while !sink.isWriting && Date() < deadline { usleep(1_000) }
        try #require(sink.isWriting)

        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)").path
        let fresh = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { unlink(path) }
        sink.replace(fd: fresh)
        #expect(fcntl(writer, F_GETFD) != -1, "the descriptor being written to is still open")

        // Reading the pipe to its end: the end comes only when the sink closes its write side.
        var read = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var ended = false
        while Date() < deadline {
            var poller = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 1_000) > 0 else { continue }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(reader, $0.baseAddress, $0.count) }
            if got <= 0 { ended = got == 0; break }
            read += got
        }
        #expect(ended, "the old descriptor is closed once its batch is out")
        #expect(read > 0 && read % 2_048 == 0, "whole lines only")

        sink.append("after")
        sink.flush(within: 30)
        close(fresh)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("after\n"))
    }
}
