import Crypto
import PolicyBundle

/// `bundle sign` and `bundle verify`: a signature over `manifest.json`'s exact bytes, which name
/// every other member's digest, so one signature covers the whole bundle.
public enum BundleSigning {
    /// The bundle at `path` rewritten with a `manifest.sig` by `seed`'s key (a previous signature
    /// replaced). The bundle is read under the reading rules first: only a bundle whose members
    /// match its manifest is signed.
    public static func sign(_ path: String, seed: [UInt8]) throws(BundleProblem) -> (bytes: [UInt8], keyID: String) {
        let contents = try BundleContents.read(path)
        let keyID = Ed25519KeyFile.keyID(publicKey: Ed25519.publicKey(seed: seed))
        let signature = BundleSignature(keyID: keyID, signature: Ed25519.sign(contents.manifestBytes, seed: seed))
        return (try contents.packed(signature: signature, subject: path), keyID)
    }

    /// The bundle at `path`, verified: every member as its manifest says, exactly the manifest's
    /// files, and a signature by `publicKey` over the manifest. Else the one problem found.
    public static func verify(_ path: String, publicKey: [UInt8]) throws(BundleProblem) -> BundleContents {
        let contents = try BundleContents.read(path)
        try check(contents, subject: path, publicKey: publicKey)
        return contents
    }

    /// Whether `contents` (read under the reading rules) carry a signature by `publicKey` over
    /// their manifest: the check `verify` makes, for bytes that were never a file (a pulled bundle).
    public static func check(_ contents: BundleContents, subject: String, publicKey: [UInt8]) throws(BundleProblem) {
        guard let signature = contents.signature else {
            throw BundleProblem(.rejected, subject, "is not signed (no manifest.sig)")
        }
        let expected = Ed25519KeyFile.keyID(publicKey: publicKey)
        guard signature.keyID == expected else {
            throw BundleProblem(.rejected, subject, "is signed by key \(signature.keyID), not by the key given (\(expected))")
        }
        guard Ed25519.verify(signature.signature, of: contents.manifestBytes, publicKey: publicKey) else {
            throw BundleProblem(.rejected, subject, "the signature does not verify (manifest.json changed after signing, or a forged manifest.sig)")
        }
    }
}
