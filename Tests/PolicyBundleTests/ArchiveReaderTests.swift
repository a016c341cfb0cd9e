import Testing
@testable import PolicyBundle

/// The archive's two halves against each other, and the reader's limits on what a header
/// declares, judged before data is read.
@Suite struct ArchiveReaderTests {
    func members(_ pairs: [(String, String)]) -> [ArchiveWriter.Member] {
        pairs.map { ArchiveWriter.Member(name: $0.0, bytes: Array($0.1.utf8)) }
    }

    @Test func writesTheSameBytesAndReadsThemBack() throws {
        let input = members([("manifest.json", "{}"), ("a.lua", "return {}"), ("overrides/x.json", ""), ("z.ics", "BEGIN")])
        let first = try ArchiveWriter.pack(input, subject: "t")
        #expect(try ArchiveWriter.pack(input, subject: "t") == first)
        // gzip magic, deflate, no timestamp (bytes 4-7 zero).
        #expect(Array(first.prefix(8)) == [0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0])
        let reader = try ArchiveReader(first, subject: "t")
        var read: [ArchiveWriter.Member] = []
        while let head = try reader.next() { read.append(ArchiveWriter.Member(name: head.name, bytes: try reader.data())) }
        #expect(read == input)
    }

    @Test func entryCountStopsAtTheLimitWithoutReadingTheRest() throws {
        let many = (0..<100_000).map { ArchiveWriter.Member(name: "f\($0)", bytes: []) }
        let bytes = try ArchiveWriter.pack(many, subject: "t")
        let reader = try ArchiveReader(bytes, subject: "many.tar.gz")
        var problem: BundleProblem?
        do { while try reader.next() != nil {} } catch { problem = error }
        #expect(problem?.line == "many.tar.gz: holds more than 10000 members")
        #expect(problem?.kind == .rejected)
        #expect(reader.headersRead == 10_001)
    }

    @Test func declaredSizesAreJudgedBeforeData() throws {
        let big = [ArchiveWriter.Member(name: "a.lua", bytes: [UInt8](repeating: 0x2d, count: 2048))]
        let bytes = try ArchiveWriter.pack(big, subject: "t")
        let small = BundleLimits(memberBytes: 1024)
        let reader = try ArchiveReader(bytes, subject: "b", limits: small)
        #expect(throws: BundleProblem(.rejected, "b", "member 'a.lua' declares 2048 bytes, more than the 1024 a member may hold")) {
            _ = try reader.next()
        }
        let total = BundleLimits(memberBytes: 4096, totalBytes: 3000)
        let twice = try ArchiveWriter.pack(big + [ArchiveWriter.Member(name: "b.lua", bytes: big[0].bytes)], subject: "t")
        let second = try ArchiveReader(twice, subject: "b", limits: total)
        _ = try second.next()
        #expect(throws: BundleProblem(.rejected, "b", "the members declare more than 3000 bytes together")) { _ = try second.next() }
    }

    @Test func truncatedAndGarbageArchivesAreRefused() throws {
        let bytes = try ArchiveWriter.pack(members([("a.lua", String(repeating: "x = 1\n", count: 4000))]), subject: "t")
        let cut = Array(bytes.prefix(bytes.count / 2))
        var problem: BundleProblem?
        do {
            let reader = try ArchiveReader(cut, subject: "cut")
            while try reader.next() != nil { _ = try reader.data() }
        } catch { problem = error }
        #expect(problem?.kind == .rejected)
        #expect(problem?.message.contains("truncated") == true)
        #expect(throws: BundleProblem.self) {
            let reader = try ArchiveReader(Array("not an archive at all".utf8), subject: "g")
            _ = try reader.next()
        }
    }

    @Test func namesAreChecked() {
        #expect(BundleMemberName.problem("a/b.lua") == nil)
        #expect(BundleMemberName.problem("/etc/passwd") == "is an absolute path")
        #expect(BundleMemberName.problem("a/../../b") == "has a '..' component")
        #expect(BundleMemberName.problem("./a") == "has a '.' component")
        #expect(BundleMemberName.problem("a//b") != nil)
        #expect(BundleMemberName.problem("a\nb") != nil)
        #expect(BundleMemberName.problem(String(repeating: "a", count: 256)) == "is longer than 255 bytes")
        #expect(BundleMemberName.problem(String(repeating: "a", count: 255)) == nil)
    }
}
