import Crypto
import Foundation
import PolicyBundle

/// `manifest.json` and `manifest.sig` read strictly from a bundle's bytes, by the project's JSON
/// reader: every field known and of its type, every name a `BundleMemberName` and listed once,
/// every digest 64 lowercase hex digits, every stack's policy a listed `.lua`, `.yaml` or `.yml` file. A bundle's
/// manifest is untrusted until its signature verifies, so nothing in it is taken on faith.
public enum BundleManifestReader {
    static let fields = ["revision", "files", "tzdata", "holidays", "stacks"]

    public static func manifest(_ bytes: [UInt8], subject: String, limits: BundleLimits = .standard)
        throws(BundleProblem) -> BundleManifest {
        let at = subject + ": " + BundleMemberName.manifest
        func fail(_ message: String) -> BundleProblem { BundleProblem(.rejected, at, message) }
        let object = try self.object(bytes, fail: fail)
        for key in object.keys.sorted() where !fields.contains(key) {
            throw fail("unknown field '\(key.prefix(64))' (fields: \(fields.joined(separator: ", ")))")
        }
        guard case .string(let revision)? = object["revision"], !revision.isEmpty, revision.utf8.count <= 256 else {
            throw fail("revision: must be a string of 1 to 256 bytes")
        }
        // As `bundle build --revision` refuses them: the revision travels in a response header
        // (X-Policy-Revision) and in log lines, where a control character could split them.
        guard !revision.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw fail("revision: must hold no control character")
        }
        guard case .array(let fileNodes)? = object["files"] else { throw fail("files: must be an array") }
        guard fileNodes.count <= limits.entries - 2 else { throw fail("files: more than \(limits.entries - 2)") }
        var files: [BundleManifest.File] = [], seen: Set<String> = []
        for (index, node) in fileNodes.enumerated() {
            guard case .object(let file) = node, Set(file.keys) == ["name", "sha256", "size"],
                  case .string(let name)? = file["name"], case .string(let digest)? = file["sha256"],
                  case .number(let size, integer: true)? = file["size"]
            else { throw fail("files[\(index)]: must be {\"name\", \"sha256\", \"size\"}") }
            if let problem = BundleMemberName.problem(name, limit: limits.nameBytes) {
                throw fail("files[\(index)]: the name \(problem)")
            }
            guard name != BundleMemberName.manifest, name != BundleMemberName.signature else {
                throw fail("files[\(index)]: '\(name)' is the manifest's or the signature's own name")
            }
            guard seen.insert(name).inserted else { throw fail("files: '\(name)' is listed twice") }
            guard digest.utf8.count == 64, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            else { throw fail("files[\(index)]: sha256 must be 64 lowercase hex digits") }
            guard size >= 0, size <= Double(limits.memberBytes) else {
                throw fail("files[\(index)]: size must be 0 to \(limits.memberBytes)")
            }
            files.append(BundleManifest.File(name: name, sha256: digest, size: Int(size)))
        }
        func optionalText(_ key: String) throws(BundleProblem) -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let text)? where text.utf8.count <= 256: return text
            default: throw fail("\(key): must be a string of at most 256 bytes, or null")
            }
        }
        let tzdata = try optionalText("tzdata"), holidays = try optionalText("holidays")
        var stacks: [(name: String, policies: [String])] = []
        if let node = object["stacks"] {
            guard case .object(let stackNodes) = node else { throw fail("stacks: must be an object") }
            for name in stackNodes.keys.sorted() {
                guard case .array(let items)? = stackNodes[name] else { throw fail("stacks.\(name.prefix(64)): must be an array") }
                var policies: [String] = []
                for item in items {
                    guard case .string(let policy) = item, seen.contains(policy), BundleFolder.isPolicyFile(policy) else {
                        throw fail("stacks.\(name.prefix(64)): every policy must be a .lua, .yaml or .yml file the manifest lists")
                    }
                    policies.append(policy)
                }
                stacks.append((name, policies))
            }
        }
        return BundleManifest(revision: revision, files: files, tzdata: tzdata, holidays: holidays, stacks: stacks)
    }

    public static func signature(_ bytes: [UInt8], subject: String) throws(BundleProblem) -> BundleSignature {
        func fail(_ message: String) -> BundleProblem { BundleProblem(.rejected, subject + ": " + BundleMemberName.signature, message) }
        let object = try self.object(bytes, fail: fail)
        guard Set(object.keys) == ["alg", "keyid", "sig"] else { throw fail("must be {\"alg\", \"keyid\", \"sig\"}") }
        guard case .string(BundleSignature.algorithm)? = object["alg"] else { throw fail("alg: only 'ed25519' is known") }
        guard case .string(let keyID)? = object["keyid"], keyID.utf8.count == 16, Hex.decode(keyID) != nil else {
            throw fail("keyid: must be 16 hex digits")
        }
        guard case .string(let text)? = object["sig"], let raw = Data(base64Encoded: text), raw.count == Ed25519.signatureBytes else {
            throw fail("sig: must be the base64 of a 64-byte Ed25519 signature")
        }
        return BundleSignature(keyID: keyID, signature: Array(raw))
    }

    static func object(_ bytes: [UInt8], fail: (String) -> BundleProblem) throws(BundleProblem) -> [String: JSONNode] {
        let node: JSONNode
        do { node = try JSONLineReader.read(bytes, in: 0..<bytes.count) } catch {
            throw fail("is not JSON (at byte \(error.offset): \(error.message))")
        }
        guard case .object(let object) = node else { throw fail("must be a JSON object") }
        return object
    }
}
