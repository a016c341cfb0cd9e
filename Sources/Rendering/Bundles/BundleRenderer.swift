import Foundation
import PolicyBundle

/// A policy bundle's documents: `manifest.json` and `manifest.sig` as stored in the archive
/// (through the one JSON writer, so the same manifest is always the same bytes: the signature
/// is over them), and `bundle inspect`'s text and JSON.
public enum BundleRenderer {
    /// `{"revision", "files": [{"name", "sha256", "size"}], "tzdata", "holidays", "stacks"}`,
    /// a file a line.
    public static func manifest(_ manifest: BundleManifest) -> [UInt8] {
        Array(JSONWriter.write(manifestValue(manifest)).utf8)
    }

    static func manifestValue(_ manifest: BundleManifest) -> JSONValue {
        .object([
            ("revision", .string(manifest.revision)),
            ("files", .rows(manifest.files.map { file in
                .object([("name", .string(file.name)), ("sha256", .string(file.sha256)), ("size", .int(file.size))])
            })),
            ("tzdata", .optional(manifest.tzdata)),
            ("holidays", .optional(manifest.holidays)),
            ("stacks", .object(manifest.stacks.map { ($0.name, .array($0.policies.map(JSONValue.string))) })),
        ])
    }

    /// `{"alg": "ed25519", "keyid", "sig"}`, the signature in base64.
    public static func signature(_ signature: BundleSignature) -> [UInt8] {
        Array(JSONWriter.write(.object([
            ("alg", .string(BundleSignature.algorithm)),
            ("keyid", .string(signature.keyID)),
            ("sig", .string(Data(signature.signature).base64EncodedString())),
        ])).utf8)
    }

    /// `bundle inspect --format json`: the manifest's fields and the signature's key id, which
    /// nothing here has checked (`bundle verify` does).
    public static func inspection(_ manifest: BundleManifest, signature: BundleSignature?) -> String {
        guard case .object(var fields) = manifestValue(manifest) else { return "" }
        fields.append(("signature", signature.map { .object([("alg", .string(BundleSignature.algorithm)),
                                                             ("keyid", .string($0.keyID)),
                                                             ("verified", .bool(false))]) } ?? .null))
        return JSONWriter.write(.object(fields))
    }

    /// `bundle inspect` as text: a header of lines, then a file a line (size, digest, name).
    public static func inspectionLines(_ manifest: BundleManifest, signature: BundleSignature?) -> [String] {
        var lines = [
            "revision: " + TerminalText.escape(manifest.revision),
            "tzdata: " + TerminalText.escape(manifest.tzdata ?? "unknown"),
            "holidays: " + TerminalText.escape(manifest.holidays ?? "none"),
            "signature: " + (signature.map { "ed25519, key \($0.keyID) (not verified; bundle verify checks it)" } ?? "none"),
        ]
        for stack in manifest.stacks {
            lines.append("stack \(TerminalText.escape(stack.name)): "
                         + stack.policies.map { TerminalText.escape($0) }.joined(separator: ", "))
        }
        lines.append(manifest.files.count == 1 ? "1 file:" : "\(manifest.files.count) files:")
        let width = String(manifest.files.map(\.size).max() ?? 0).count
        for file in manifest.files {
            let size = String(file.size)
            lines.append("  " + String(repeating: " ", count: width - size.count) + size + "  "
                         + String(file.sha256.prefix(16)) + "  " + TerminalText.escape(file.name))
        }
        return lines
    }
}
