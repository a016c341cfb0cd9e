import CalendarCore
import CalendarData
import Foundation
import Testing
@testable import CalPolicyRequests
@testable import CalPolicyServer

/// `serve --bundle`'s path from bytes to a live stack, in-process (no HTTP: `activate` is what a
/// 200 leads to): hostile archives are refused with one line and leave nothing behind, a bundle
/// signed by another key is refused, a good one goes live through the registry's reload with its
/// revision, and the persisted copy is found again at start only while its files are intact.
@Suite(.serialized) struct BundlePullerTests {
    static let today = try! Day(year: 2026, month: 12, day: 1)

    /// A state folder, keys, a policy folder, and a registry serving the empty `default` stack.
    struct Fixture {
        let root: String
        let state: String
        let publicKey: [UInt8]
        let seed: [UInt8]
        let registry: StackRegistry
        let puller: BundlePuller
        let bundleState: BundleState

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-puller-\(UUID().uuidString)").path
            state = root + "/state"
            try FileManager.default.createDirectory(atPath: root + "/policy", withIntermediateDirectories: true)
            let pair = try BundleKeys.generate()
            try Data(pair.privateKey).write(to: URL(fileURLWithPath: root + "/key"))
            try Data(pair.publicKey).write(to: URL(fileURLWithPath: root + "/key.pub"))
            seed = try BundleKeys.privateSeed(root + "/key")
            publicKey = try BundleKeys.publicKey(root + "/key.pub")
            let loader = StackLoader(verbose: false, fixedToday: BundlePullerTests.today, poolSize: 1, gateTests: true)
            guard case .success(let empty) = loader.load(name: "default", paths: []) else { throw CocoaError(.fileReadCorruptFile) }
            registry = StackRegistry(slots: [.init(name: "default", paths: [], live: empty)], loader: loader, metrics: Metrics())
            let store = BundleStore(stateDir: state)
            try ServeStateDirectory.prepare(state)
            try store.prepare()
            bundleState = BundleState(url: "http://127.0.0.1:1/b.tar.gz", signed: true)
            puller = BundlePuller(source: BundleSource(url: "http://127.0.0.1:1/b.tar.gz", publicKeyFile: root + "/key.pub",
                                                       pollMin: 1, pollMax: 1),
                                  publicKey: publicKey, store: store, registry: registry, state: bundleState)
        }

        /// A signed bundle of `policy` (and `test`, if any) as `revision`.
        func bundle(_ policy: String, test: String? = nil, revision: String, seed: [UInt8]? = nil) throws -> [UInt8] {
            let folder = root + "/policy-" + revision
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try policy.write(toFile: folder + "/freeze.lua", atomically: false, encoding: .utf8)
            if let test { try test.write(toFile: folder + "/freeze_test.lua", atomically: false, encoding: .utf8) }
            let made = try BundleBuild.make(folder, revision: revision, versions: DataVersions(tzdata: nil, holidays: nil))
            let path = root + "/" + revision + ".tar.gz"
            try Data(made.bytes).write(to: URL(fileURLWithPath: path))
            return try BundleSigning.sign(path, seed: seed ?? self.seed).bytes
        }

        func activate(_ bytes: [UInt8]) -> (code: String, message: String)? {
            puller.activate(bytes, digest: SHA256.hex(bytes))
        }

        /// Everything under the state folder's bundles/.
        var stored: [String] {
            (FileManager.default.subpaths(atPath: state + "/bundles") ?? []).sorted()
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static let policy = """
    return { name = "freeze", canSelect = function(day) if day.month == 1 and day.day == 4 then return false, "freeze" end return true end }
    """

    @Test func aGoodBundleGoesLiveWithItsRevisionAndIsPersisted() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let bytes = try fixture.bundle(Self.policy, revision: "rev1")
        #expect(fixture.activate(bytes) == nil)
        let live = try #require(fixture.registry.version("default"))
        #expect(live.revision == "rev1")
        #expect(live.paths.count == 1 && live.paths[0].hasSuffix("/files/freeze.lua"))
        #expect(fixture.bundleState.snapshot.activeRevision == "rev1")
        let name = BundleStore.name(digest: SHA256.hex(bytes))
        #expect(fixture.stored == ["active", name, name + "/bundle.tar.gz", name + "/files", name + "/files/freeze.lua"])
        // What a restart finds: the same revision, re-read and checked.
        guard case .success(let found) = BundleStore(stateDir: fixture.state).persisted(publicKey: fixture.publicKey) else {
            Issue.record("the persisted bundle is not found")
            return
        }
        #expect(found.contents.manifest.revision == "rev1")
        // A file changed on disk since: not used.
        try "return {}".write(toFile: fixture.state + "/bundles/" + name + "/files/freeze.lua", atomically: false, encoding: .utf8)
        guard case .failure(let problem) = BundleStore(stateDir: fixture.state).persisted(publicKey: fixture.publicKey) else {
            Issue.record("a changed persisted file is accepted")
            return
        }
        #expect(problem.message.hasSuffix("missing or changed since it was verified"))
    }

    @Test func anotherKeyAFailingTestAndOtherStacksAreRefusedAndTheOldRevisionStays() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(fixture.activate(try fixture.bundle(Self.policy, revision: "rev1")) == nil)
        let before = fixture.stored
        let other = try BundleKeys.generate()
        try Data(other.privateKey).write(to: URL(fileURLWithPath: fixture.root + "/other"))
        let signedByOther = try fixture.bundle(Self.policy, revision: "rev2", seed: try BundleKeys.privateSeed(fixture.root + "/other"))
        #expect(fixture.activate(signedByOther)?.code == "signature")
        let failing = try fixture.bundle(Self.policy, test: """
        test.policies { "freeze.lua" }
        test("open on the 4th", function() expect.selectable("2027-01-04") end)
        """, revision: "rev3")
        let refusal = fixture.activate(failing)
        #expect(refusal?.code == "activation_refused")
        #expect(refusal?.message.contains("policy tests failed") == true)
        let broken = try fixture.bundle("return {", revision: "rev4")
        #expect(fixture.activate(broken)?.code == "activation_refused")
        #expect(fixture.registry.version("default")?.revision == "rev1")
        #expect(fixture.stored == before, "a refused bundle leaves nothing in the state folder")
    }

    /// The hostile archives of BundleHostileTests, through the puller: each refused by the
    /// reading rules ("rejected"), nothing written in or out of the state folder.
    @Test func hostileArchivesAreRefusedAndNothingIsWritten() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let made = fixture.root + "/hostile"
        try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.maker, made]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 (tarfile, gzip) is needed (scripts/setup.sh test): \(said)")
        let names = try FileManager.default.contentsOfDirectory(atPath: made).sorted()
        #expect(names.count == 14)
        let around = try FileManager.default.contentsOfDirectory(atPath: fixture.root).sorted()
        for name in names {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: made + "/" + name)))
            let refusal = fixture.activate(bytes)
            #expect(refusal?.code == "rejected", "\(name): \(String(describing: refusal))")
            #expect(refusal?.message.contains("\n") == false)
        }
        #expect(fixture.stored.isEmpty, "\(fixture.stored)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).sorted() == around)
        #expect(fixture.registry.version("default")?.revision == nil)
        #expect(!fixture.bundleState.isActive)
    }

    static let maker = """
    import gzip, hashlib, io, json, sys, tarfile
    out = sys.argv[1]
    body = b"return {}\\n"
    manifest = json.dumps({"revision": "r", "files": [{"name": "a.lua", "sha256": hashlib.sha256(body).hexdigest(),
        "size": len(body)}], "tzdata": None, "holidays": None, "stacks": {"default": ["a.lua"]}}).encode()
    def info(name, size=0, kind=tarfile.REGTYPE, link=""):
        t = tarfile.TarInfo(name); t.size = size; t.type = kind; t.linkname = link; t.mode = 0o644
        return t
    def archive(name, members, first=True):
        buf = io.BytesIO()
        with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
            if first: tar.addfile(info("manifest.json", len(manifest)), io.BytesIO(manifest))
            for t, data in members:
                tar.addfile(t, io.BytesIO(data) if data is not None else None)
        with open(out + "/" + name, "wb") as f:
            f.write(gzip.compress(buf.getvalue(), mtime=0))
    archive("absolute.tar.gz", [(info("/etc/cron.d/x", len(body)), body)])
    archive("dotdot.tar.gz", [(info("../a.lua", len(body)), body)])
    archive("symlink.tar.gz", [(info("a.lua", 0, tarfile.SYMTYPE, "/etc/passwd"), None)])
    archive("hardlink.tar.gz", [(info("a.lua", 0, tarfile.LNKTYPE, "manifest.json"), None)])
    archive("device.tar.gz", [(info("a.lua", 0, tarfile.CHRTYPE), None)])
    archive("fifo.tar.gz", [(info("a.lua", 0, tarfile.FIFOTYPE), None)])
    archive("duplicate.tar.gz", [(info("a.lua", len(body)), body), (info("a.lua", len(body)), body)])
    archive("duplicate-manifest.tar.gz", [(info("manifest.json", len(manifest)), manifest)])
    archive("bigsig.tar.gz", [(info("manifest.sig", 5 * 1024 * 1024), b"x" * (5 * 1024 * 1024))])
    archive("no-manifest.tar.gz", [(info("a.lua", len(body)), body)], first=False)
    # A revision that would split the X-Policy-Revision header.
    split = json.dumps({"revision": "r\\r\\nX-Injected: 1", "files": [{"name": "a.lua", "sha256": hashlib.sha256(body).hexdigest(),
        "size": len(body)}], "tzdata": None, "holidays": None, "stacks": {"default": ["a.lua"]}}).encode()
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        tar.addfile(info("manifest.json", len(split)), io.BytesIO(split))
        tar.addfile(info("a.lua", len(body)), io.BytesIO(body))
    with open(out + "/header-split.tar.gz", "wb") as f:
        f.write(gzip.compress(buf.getvalue(), mtime=0))
    head = info("manifest.json", len(manifest)).tobuf(tarfile.GNU_FORMAT)
    padded = manifest + b"\\0" * (-len(manifest) % 512)
    big = info("a.lua", 10 * 1024 ** 3).tobuf(tarfile.GNU_FORMAT)
    with open(out + "/huge.tar.gz", "wb") as f:
        f.write(gzip.compress(head + padded + big + b"x" * 512 + b"\\0" * 1024, mtime=0))
    # A PAX 1.0 sparse member: 10 bytes stored, 10 GB claimed.
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.PAX_FORMAT) as tar:
        tar.addfile(info("manifest.json", len(manifest)), io.BytesIO(manifest))
        t = info("GNUSparseFile.0/a.lua", 512 + len(body))
        t.pax_headers = {"GNU.sparse.major": "1", "GNU.sparse.minor": "0", "GNU.sparse.name": "a.lua",
                         "GNU.sparse.realsize": str(10 * 1024 ** 3)}
        sparse_map = b"1\\n0\\n%d\\n" % len(body)
        tar.addfile(t, io.BytesIO(sparse_map + b"\\0" * (512 - len(sparse_map)) + body))
    with open(out + "/sparse.tar.gz", "wb") as f:
        f.write(gzip.compress(buf.getvalue(), mtime=0))
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        tar.addfile(info("manifest.json", len(manifest)), io.BytesIO(manifest))
        for i in range(20000):
            tar.addfile(info("f%d" % i), io.BytesIO(b""))
    with open(out + "/many.tar.gz", "wb") as f:
        f.write(gzip.compress(buf.getvalue(), mtime=0, compresslevel=1))
    """
}

/// `--bundle` and the rest of the command line.
@Suite struct BundleArgumentsTests {
    func parse(_ arguments: [String]) -> ServeArguments.Outcome { ServeArguments.parse(arguments, cores: 2) }

    func refusal(_ arguments: [String]) -> (code: Int32, line: String)? {
        guard case .exit(let code, _, let stderr) = parse(arguments) else { return nil }
        return (code, stderr)
    }

    @Test func bundleTakesTheStacksFromTheManifestAndNeedsAStateFolder() {
        guard case .run(let configuration) = parse(["--bundle", "http://127.0.0.1:9/b.tar.gz", "--state-dir", "/tmp/x",
                                                    "--bundle-poll", "1s..2s"]) else {
            Issue.record("refused")
            return
        }
        #expect(configuration.stacks.isEmpty)
        #expect(configuration.bundle == BundleSource(url: "http://127.0.0.1:9/b.tar.gz", publicKeyFile: nil, pollMin: 1, pollMax: 2))
        guard case .run(let defaults) = parse(["--bundle", "https://h/b.tar.gz", "--state-dir", "/tmp/x"]) else {
            Issue.record("refused")
            return
        }
        #expect(defaults.bundle?.pollMin == 10 && defaults.bundle?.pollMax == 30)
    }

    @Test(arguments: [
        (["--bundle", "http://h/b", "--state-dir", "/tmp/x", "policies/weekends.lua"],
         "calpolicy: --bundle: the stacks come from the bundle's manifest; give no POLICY or --stack with it\n"),
        (["--bundle", "http://h/b", "--state-dir", "/tmp/x", "--stack", "a=policies/weekends.lua"],
         "calpolicy: --bundle: the stacks come from the bundle's manifest; give no POLICY or --stack with it\n"),
        (["--bundle", "http://h/b"], "calpolicy: --bundle needs --state-dir DIR (where verified bundles are kept)\n"),
        (["--bundle", "file:///etc/passwd", "--state-dir", "/tmp/x"],
         "calpolicy: invalid value 'file:///etc/passwd' for '--bundle <URL>': expected an http:// or https:// URL\n"),
        (["--bundle", "http://h/b", "--state-dir", "/tmp/x", "--bundle-poll", "30s..10s"],
         "calpolicy: invalid value '30s..10s' for '--bundle-poll <MIN..MAX>': MIN is longer than MAX\n"),
        (["--bundle", "http://h/b", "--state-dir", "/tmp/x", "--bundle-poll", "10s"],
         "calpolicy: invalid value '10s' for '--bundle-poll <MIN..MAX>': expected MIN..MAX, two durations such as 10s..30s\n"),
        (["policies/weekends.lua", "--bundle-poll", "1s..2s"], "calpolicy: --bundle-poll needs --bundle URL\n"),
    ])
    func usageErrors(arguments: [String], line: String) {
        let got = refusal(arguments)
        #expect(got?.code == 2)
        #expect(got?.line == line)
    }
}
