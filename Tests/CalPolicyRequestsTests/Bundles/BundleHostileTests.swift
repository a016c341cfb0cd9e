import Foundation
import Testing
@testable import CalPolicyRequests
import PolicyBundle

/// Hostile archives, made by Python's tarfile (not by our writer, which cannot make them): each
/// starts with a well-formed manifest.json listing a.lua, then one trick. Each is refused with
/// one line, and reading it writes nothing anywhere (the folder holding it is unchanged).
@Suite struct BundleHostileTests {
    static let maker = """
    import gzip, hashlib, io, json, sys, tarfile
    out = sys.argv[1]
    body = b"return {}\\n"
    manifest = json.dumps({"revision": "r", "files": [{"name": "a.lua", "sha256": hashlib.sha256(body).hexdigest(),
        "size": len(body)}], "tzdata": None, "holidays": None, "stacks": {"default": ["a.lua"]}}).encode()
    def info(name, size=0, kind=tarfile.REGTYPE, link=""):
        t = tarfile.TarInfo(name); t.size = size; t.type = kind; t.linkname = link; t.mode = 0o644
        return t
    def archive(name, members):
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
            tar.addfile(info("manifest.json", len(manifest)), io.BytesIO(manifest))
            for t, data in members:
                tar.addfile(t, io.BytesIO(data) if data is not None else None)
        raw = buf.getvalue()
        with open(out + "/" + name, "wb") as f:
            f.write(gzip.compress(raw, mtime=0))
    archive("absolute.tar.gz", [(info("/etc/cron.d/x", len(body)), body)])
    archive("dotdot.tar.gz", [(info("../a.lua", len(body)), body)])
    archive("symlink.tar.gz", [(info("a.lua", 0, tarfile.SYMTYPE, "/etc/passwd"), None)])
    archive("hardlink.tar.gz", [(info("a.lua", 0, tarfile.LNKTYPE, "manifest.json"), None)])
    archive("device.tar.gz", [(info("a.lua", 0, tarfile.CHRTYPE), None)])
    archive("fifo.tar.gz", [(info("a.lua", 0, tarfile.FIFOTYPE), None)])
    archive("directory.tar.gz", [(info("a.lua", 0, tarfile.DIRTYPE), None)])
    archive("duplicate.tar.gz", [(info("a.lua", len(body)), body), (info("a.lua", len(body)), body)])
    archive("bigsig.tar.gz", [(info("manifest.sig", 5 * 1024 * 1024), b"x" * (5 * 1024 * 1024))])
    # A header declaring 10 GB followed by a few bytes: refused by its declared size, unread.
    head = info("manifest.json", len(manifest)).tobuf(tarfile.GNU_FORMAT)
    padded = manifest + b"\\0" * (-len(manifest) % 512)
    big = info("a.lua", 10 * 1024 ** 3).tobuf(tarfile.GNU_FORMAT)
    with open(out + "/huge.tar.gz", "wb") as f:
        f.write(gzip.compress(head + padded + big + b"x" * 512 + b"\\0" * 1024, mtime=0))
    # 100,000 tiny members after the manifest.
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        tar.addfile(info("manifest.json", len(manifest)), io.BytesIO(manifest))
        for i in range(100000):
            tar.addfile(info("f%d" % i), io.BytesIO(b""))
    with open(out + "/many.tar.gz", "wb") as f:
        f.write(gzip.compress(buf.getvalue(), mtime=0, compresslevel=1))
    """

    @Test func hostileArchivesAreRefusedAndNothingIsWritten() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.maker, root]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 (tarfile, gzip) is needed (scripts/setup.sh test)")
        let before = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        let expected: [String: String] = [
            "absolute.tar.gz": "member '/etc/cron.d/x': the name is an absolute path",
            "dotdot.tar.gz": "member '../a.lua': the name has a '..' component",
            "symlink.tar.gz": "member 'a.lua' is a symbolic link; a bundle holds regular files only",
            "hardlink.tar.gz": "member 'a.lua' is a hard link; a bundle holds regular files only",
            "device.tar.gz": "member 'a.lua' is a character device; a bundle holds regular files only",
            "fifo.tar.gz": "member 'a.lua' is a FIFO; a bundle holds regular files only",
            "directory.tar.gz": "member 'a.lua/' is a directory; a bundle holds regular files only",
            "duplicate.tar.gz": "member 'a.lua' appears twice",
            "bigsig.tar.gz": "manifest.sig declares 5242880 bytes; a signature file holds at most 4096",
            "huge.tar.gz": "member 'a.lua' declares 10737418240 bytes, more than the 8388608 a member may hold",
            "many.tar.gz": "member 'f0' is not in the manifest",
        ]
        for (name, message) in expected.sorted(by: { $0.key < $1.key }) {
            var problem: BundleProblem?
            do { _ = try BundleContents.read(root + "/" + name) } catch { problem = error }
            #expect(problem?.kind == .rejected, "\(name)")
            #expect(problem?.line == root + "/" + name + ": " + message, "\(name)")
            #expect(problem.map { !$0.line.contains("\n") } == true)
        }
        // The entry-count limit on the same archive, the manifest's rules aside: it stops at
        // the 10,001st header, the rest unread.
        let many = try Data(contentsOf: URL(fileURLWithPath: root + "/many.tar.gz"))
        let reader = try ArchiveReader(Array(many), subject: "many")
        var counted: BundleProblem?
        do { while try reader.next() != nil {} } catch { counted = error }
        #expect(counted?.message == "holds more than 10000 members")
        #expect(reader.headersRead == 10_001)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == before)
    }
}
