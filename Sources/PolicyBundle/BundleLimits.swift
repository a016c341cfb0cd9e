/// The most a bundle may hold, checked on what an archive declares before its data is read, so
/// a hostile archive costs a header's read, not its claims: 100,000 tiny members stop at the
/// limit, a member declaring 10 GB is refused unread.
public struct BundleLimits: Hashable, Sendable {
    /// Members of the archive, manifest and signature included.
    public var entries: Int
    /// Bytes of one member (a policy, a test, an override, an ICS file).
    public var memberBytes: Int
    /// Bytes of every member together.
    public var totalBytes: Int
    /// Bytes of `manifest.sig` (a short JSON object: a 5 MB one is refused unread).
    public var signatureBytes: Int
    /// Bytes of the compressed archive file read into memory.
    public var archiveBytes: Int
    /// Bytes of a member's name.
    public var nameBytes: Int

    public init(entries: Int = 10_000, memberBytes: Int = 8 << 20, totalBytes: Int = 256 << 20,
                signatureBytes: Int = 4 << 10, archiveBytes: Int = 256 << 20, nameBytes: Int = 255) {
        (self.entries, self.memberBytes, self.totalBytes) = (entries, memberBytes, totalBytes)
        (self.signatureBytes, self.archiveBytes, self.nameBytes) = (signatureBytes, archiveBytes, nameBytes)
    }

    public static let standard = BundleLimits()
}
