import CalendarData
import Crypto
import PolicyBundle
import Rendering

/// `bundle build`: a policy folder packed as an unsigned bundle. The same folder (and revision,
/// and data versions) gives the same bytes: names sorted, the manifest through the one JSON
/// writer, the archive written by `ArchiveWriter`'s fixed metadata.
public enum BundleBuild {
    /// The bundle's bytes and its manifest. Without `revision`, the revision is the content's:
    /// "sha256:" and 16 hex digits of the digest over the file list, so it changes exactly when
    /// a file does.
    public static func make(_ folder: String, revision: String?, versions: DataVersions,
                            limits: BundleLimits = .standard) throws(BundleProblem) -> (bytes: [UInt8], manifest: BundleManifest) {
        if let revision, revision.isEmpty || revision.utf8.count > 256
            || revision.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw BundleProblem(.input, "--revision", "must be 1 to 256 bytes with no control character")
        }
        let files = try BundleFolder.files(folder, limits: limits)
        let policies = BundleFolder.policies(files.map(\.name))
        guard !policies.isEmpty else { throw BundleProblem(.input, folder, "holds no policy (*.lua that is not a test, *.yaml, *.yml)") }
        let listed = files.map { BundleManifest.File(name: $0.name, sha256: SHA256Digest.hex($0.bytes), size: $0.bytes.count) }
        let list = listed.map { "\($0.sha256)  \($0.name)\n" }.joined()
        let manifest = BundleManifest(revision: revision ?? "sha256:" + String(SHA256Digest.hex(Array(list.utf8)).prefix(16)),
                                      files: listed, tzdata: versions.tzdata, holidays: versions.holidays,
                                      stacks: [("default", policies)])
        let contents = BundleContents(manifestBytes: BundleRenderer.manifest(manifest), manifest: manifest, signature: nil,
                                      files: files.map { ($0.name, $0.bytes) })
        return (try contents.packed(signature: nil, subject: folder), manifest)
    }
}
