/// What a bundle holds, as data: `manifest.json` is this, written by Rendering's JSON writer and
/// read by the request layer's strict reader. The signature is over the manifest's bytes, and
/// every other member is named here with its digest and size, so one signature covers them all.
public struct BundleManifest: Hashable, Sendable {
    public struct File: Hashable, Sendable {
        public var name: String
        /// Lowercase hex SHA-256 of the member's bytes.
        public var sha256: String
        public var size: Int

        public init(name: String, sha256: String, size: Int) {
            (self.name, self.sha256, self.size) = (name, sha256, size)
        }
    }

    public var revision: String
    /// Sorted by name, each name once.
    public var files: [File]
    /// The tz database version of the machine that built the bundle ("2025b"), nil when unknown.
    public var tzdata: String?
    /// The holiday data's version ("python-holidays 0.109"), nil when the builder had none.
    public var holidays: String?
    /// Named stacks: each a list of policy files (members) evaluated together, in order.
    public var stacks: [(name: String, policies: [String])]

    public init(revision: String, files: [File], tzdata: String?, holidays: String?,
                stacks: [(name: String, policies: [String])]) {
        (self.revision, self.files, self.tzdata, self.holidays, self.stacks) = (revision, files, tzdata, holidays, stacks)
    }

    public static func == (lhs: BundleManifest, rhs: BundleManifest) -> Bool {
        lhs.revision == rhs.revision && lhs.files == rhs.files && lhs.tzdata == rhs.tzdata && lhs.holidays == rhs.holidays
            && lhs.stacks.map(\.name) == rhs.stacks.map(\.name) && lhs.stacks.map(\.policies) == rhs.stacks.map(\.policies)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(revision)
        hasher.combine(files)
    }

    public func file(named name: String) -> File? { files.first { $0.name == name } }
}

/// `manifest.sig`: which key signed (its id) and the Ed25519 signature over `manifest.json`'s
/// exact bytes.
public struct BundleSignature: Hashable, Sendable {
    public static let algorithm = "ed25519"

    public var keyID: String
    /// The 64 signature bytes.
    public var signature: [UInt8]

    public init(keyID: String, signature: [UInt8]) {
        (self.keyID, self.signature) = (keyID, signature)
    }
}
