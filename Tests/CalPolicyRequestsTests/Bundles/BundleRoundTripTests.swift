import Crypto
import Foundation
import Testing
@testable import CalPolicyRequests
import PolicyBundle

/// build → sign → verify, and each way a changed bundle fails verification.
@Suite struct BundleRoundTripTests {
    static let versions = DataVersions(tzdata: "2025b", holidays: "python-holidays 0.109")

    /// A policy folder in a fresh temporary folder: (folder, scratch for outputs).
    static func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)").path
        let policies = root + "/policies"
        try FileManager.default.createDirectory(atPath: policies + "/overrides", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: policies + "/sub", withIntermediateDirectories: true)
        let files = ["freeze.lua": "return {}\n", "freeze_test.lua": "-- a test\n", "sub/hours.lua": "return {}\n",
                     "cal.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "overrides/INC-1.json": "{}\n",
                     "shutdown.yaml": "zone: Europe/Berlin\n", "mapping.json": "{}\n",
                     "README.md": "not packed\n", ".hidden.lua": "not packed\n"]
        for (name, text) in files { try text.write(toFile: policies + "/" + name, atomically: true, encoding: .utf8) }
        return root
    }

    static func seed(_ byte: UInt8) -> [UInt8] { [UInt8](repeating: byte, count: 32) }

    func problem(_ body: () throws(BundleProblem) -> Void) -> BundleProblem? {
        do { try body(); return nil } catch { return error }
    }

    @Test func buildSignVerifyRoundTrip() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let made = try BundleBuild.make(root + "/policies", revision: "abc123", versions: Self.versions)
        #expect(made.manifest.files.map(\.name) == ["cal.ics", "freeze.lua", "freeze_test.lua", "overrides/INC-1.json", "shutdown.yaml",
                                                    "sub/hours.lua"])
        // A declarative policy is packed and stacked; a JSON file outside overrides/ and snapshots/ is not.
        #expect(made.manifest.stacks.map(\.policies) == [["freeze.lua", "shutdown.yaml", "sub/hours.lua"]])
        #expect(try BundleBuild.make(root + "/policies", revision: "abc123", versions: Self.versions).bytes == made.bytes)
        let path = root + "/b.tar.gz"
        try Data(made.bytes).write(to: URL(fileURLWithPath: path))
        let signed = try BundleSigning.sign(path, seed: Self.seed(1))
        try Data(signed.bytes).write(to: URL(fileURLWithPath: path))
        let key = Ed25519.publicKey(seed: Self.seed(1))
        let contents = try BundleSigning.verify(path, publicKey: key)
        #expect(contents.manifest.revision == "abc123")
        #expect(contents.manifest.tzdata == "2025b")
        #expect(contents.signature?.keyID == signed.keyID)
        #expect(contents.files.first { $0.name == "freeze.lua" }?.bytes == Array("return {}\n".utf8))
        // Signing again gives the same bytes (Ed25519 is deterministic).
        #expect(try BundleSigning.sign(path, seed: Self.seed(1)).bytes == signed.bytes)
        // The manifest written is the manifest read.
        #expect(contents.manifest == made.manifest)
        // Unsigned: refused by verify, fine for inspect.
        let unsigned = root + "/u.tar.gz"
        try Data(made.bytes).write(to: URL(fileURLWithPath: unsigned))
        #expect(problem { () throws(BundleProblem) in _ = try BundleSigning.verify(unsigned, publicKey: key) }?.message == "is not signed (no manifest.sig)")
        #expect(try BundleContents.read(path, headOnly: true).files.isEmpty)
    }

    @Test func otherKeyTamperedExtraAndTruncatedFail() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let made = try BundleBuild.make(root + "/policies", revision: nil, versions: Self.versions)
        #expect(made.manifest.revision.hasPrefix("sha256:"))
        let path = root + "/b.tar.gz"
        try Data(made.bytes).write(to: URL(fileURLWithPath: path))
        try Data(try BundleSigning.sign(path, seed: Self.seed(1)).bytes).write(to: URL(fileURLWithPath: path))
        let key = Ed25519.publicKey(seed: Self.seed(1))
        let contents = try BundleSigning.verify(path, publicKey: key)

        // Signed by another key.
        let other = root + "/other.tar.gz"
        try Data(try BundleSigning.sign(path, seed: Self.seed(2)).bytes).write(to: URL(fileURLWithPath: other))
        #expect(problem { () throws(BundleProblem) in _ = try BundleSigning.verify(other, publicKey: key) }?.message.hasPrefix("is signed by key ") == true)

        // A forged manifest.sig claiming the right key id.
        var forged = contents
        forged.files = contents.files
        let claimed = BundleSignature(keyID: Ed25519KeyFile.keyID(publicKey: key),
                                      signature: Ed25519.sign(contents.manifestBytes, seed: Self.seed(2)))
        let forgedPath = root + "/forged.tar.gz"
        try Data(try forged.packed(signature: claimed, subject: "t")).write(to: URL(fileURLWithPath: forgedPath))
        #expect(problem { () throws(BundleProblem) in _ = try BundleSigning.verify(forgedPath, publicKey: key) }?.message.hasPrefix("the signature does not verify") == true)

        // A member changed after signing (same size).
        var tampered = contents
        tampered.files[1].bytes = Array("return {1}".utf8)
        let tamperedPath = root + "/tampered.tar.gz"
        try Data(try tampered.packed(signature: contents.signature, subject: "t")).write(to: URL(fileURLWithPath: tamperedPath))
        let tamperedProblem = problem { () throws(BundleProblem) in _ = try BundleSigning.verify(tamperedPath, publicKey: key) }
        #expect(tamperedProblem?.kind == .rejected)
        #expect(tamperedProblem?.message == "member 'freeze.lua' does not match its digest in the manifest (changed after signing?)")

        // A member the manifest does not list.
        var extra = contents
        extra.files.append(("evil.lua", Array("return {}".utf8)))
        let extraPath = root + "/extra.tar.gz"
        try Data(try extra.packed(signature: contents.signature, subject: "t")).write(to: URL(fileURLWithPath: extraPath))
        #expect(problem { () throws(BundleProblem) in _ = try BundleSigning.verify(extraPath, publicKey: key) }?.message == "member 'evil.lua' is not in the manifest")

        // A member missing.
        var missing = contents
        missing.files.removeLast()
        let missingPath = root + "/missing.tar.gz"
        try Data(try missing.packed(signature: contents.signature, subject: "t")).write(to: URL(fileURLWithPath: missingPath))
        #expect(problem { () throws(BundleProblem) in _ = try BundleSigning.verify(missingPath, publicKey: key) }?.message
                == "member 'sub/hours.lua' is in the manifest but not in the archive")

        // Truncated.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let truncatedPath = root + "/truncated.tar.gz"
        try bytes.prefix(bytes.count - 40).write(to: URL(fileURLWithPath: truncatedPath))
        let truncated = problem { () throws(BundleProblem) in _ = try BundleSigning.verify(truncatedPath, publicKey: key) }
        #expect(truncated?.kind == .rejected)
        #expect(truncated?.message.contains("truncated") == true || truncated?.message.contains("damaged") == true)

        // Bad input: no such file, a private key where a public one is wanted.
        #expect(problem { () throws(BundleProblem) in _ = try BundleSigning.verify(root + "/none.tar.gz", publicKey: key) }?.kind == .input)
        let keyPath = root + "/k"
        try Data(Ed25519KeyFile.privateDER(seed: Self.seed(1))).write(to: URL(fileURLWithPath: keyPath))
        #expect(problem { () throws(BundleProblem) in _ = try BundleKeys.publicKey(keyPath) }?.line == keyPath + ": is a private key; expected an Ed25519 public key")
        #expect(try BundleKeys.privateSeed(keyPath) == Self.seed(1))
    }

    @Test func aFolderWithALinkOrNoPolicyIsRefused() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/policies/link.lua", withDestinationPath: "/etc/passwd")
        let linked = problem { () throws(BundleProblem) in _ = try BundleBuild.make(root + "/policies", revision: nil, versions: Self.versions) }
        #expect(linked?.subject == root + "/policies/link.lua")
        #expect(linked?.kind == .input)
        try FileManager.default.createDirectory(atPath: root + "/empty", withIntermediateDirectories: true)
        #expect(problem { () throws(BundleProblem) in _ = try BundleBuild.make(root + "/empty", revision: nil, versions: Self.versions) }?.message
                == "holds no policy (*.lua that is not a test, *.yaml, *.yml)")
    }
}
