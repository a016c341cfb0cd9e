import CalendarData
import Crypto
import PolicyBundle
import Rendering

/// A bundle read from untrusted bytes, in memory only, under the reading rules: `manifest.json`
/// is the first member (so every later name is judged against it before its data is read),
/// `manifest.sig` may follow it (at most `limits.signatureBytes`), and every other member is a
/// file the manifest lists, of the size it lists, with the digest it lists; none is missing.
/// `ArchiveReader` refuses links, devices, FIFOs, directories, bad names, duplicates, and more
/// members or declared bytes than the limits allow, before reading their data.
public struct BundleContents: Sendable {
    public var manifestBytes: [UInt8]
    public var manifest: BundleManifest
    public var signature: BundleSignature?
    /// Every listed file's verified bytes, in the manifest's order (empty when read `headOnly`).
    public var files: [(name: String, bytes: [UInt8])]

    /// The bundle in the file at `path` (`subject` of every problem).
    public static func read(_ path: String, headOnly: Bool = false, limits: BundleLimits = .standard)
        throws(BundleProblem) -> BundleContents {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, limit: limits.archiveBytes) } catch {
            throw BundleProblem(.input, path, error.description)
        }
        return try parse(bytes, subject: path, headOnly: headOnly, limits: limits)
    }

    /// `headOnly`: the manifest and signature only, the rest unread (`bundle inspect`).
    public static func parse(_ bytes: [UInt8], subject: String, headOnly: Bool = false, limits: BundleLimits = .standard)
        throws(BundleProblem) -> BundleContents {
        let reader = try ArchiveReader(bytes, subject: subject, limits: limits)
        func fail(_ message: String) -> BundleProblem { BundleProblem(.rejected, subject, message) }
        guard let first = try reader.next() else { throw fail("is an empty archive; a bundle starts with manifest.json") }
        guard first.name == BundleMemberName.manifest else {
            throw fail("the first member is '\(first.name)', not manifest.json")
        }
        let manifestBytes = try reader.data()
        let manifest = try BundleManifestReader.manifest(manifestBytes, subject: subject, limits: limits)
        var contents = BundleContents(manifestBytes: manifestBytes, manifest: manifest, signature: nil, files: [])
        var listed: [String: BundleManifest.File] = [:]
        for file in manifest.files { listed[file.name] = file }
        var found: [String: [UInt8]] = [:]
        while let head = try reader.next() {
            if head.name == BundleMemberName.signature {
                guard head.index == 2 else { throw fail("manifest.sig must follow manifest.json") }
                guard head.size <= limits.signatureBytes else {
                    throw fail("manifest.sig declares \(head.size) bytes; a signature file holds at most \(limits.signatureBytes)")
                }
                contents.signature = try BundleManifestReader.signature(try reader.data(), subject: subject)
                continue
            }
            if headOnly { break }
            guard let file = listed[head.name] else { throw fail("member '\(head.name)' is not in the manifest") }
            guard head.size == file.size else {
                throw fail("member '\(head.name)' holds \(head.size) bytes; the manifest says \(file.size)")
            }
            let data = try reader.data()
            guard SHA256Digest.hex(data) == file.sha256 else {
                throw fail("member '\(head.name)' does not match its digest in the manifest (changed after signing?)")
            }
            found[head.name] = data
        }
        if headOnly { return contents }
        for file in manifest.files where found[file.name] == nil {
            throw fail("member '\(file.name)' is in the manifest but not in the archive")
        }
        contents.files = manifest.files.map { ($0.name, found[$0.name] ?? []) }
        return contents
    }

    /// The archive of these contents with `signature` (replacing any): manifest.json,
    /// manifest.sig, then the files in the manifest's order; deterministic.
    public func packed(signature: BundleSignature?, subject: String) throws(BundleProblem) -> [UInt8] {
        var members = [ArchiveWriter.Member(name: BundleMemberName.manifest, bytes: manifestBytes)]
        if let signature { members.append(ArchiveWriter.Member(name: BundleMemberName.signature, bytes: BundleRenderer.signature(signature))) }
        members += files.map { ArchiveWriter.Member(name: $0.name, bytes: $0.bytes) }
        return try ArchiveWriter.pack(members, subject: subject)
    }
}
