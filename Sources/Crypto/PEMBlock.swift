import Foundation

/// One PEM block (RFC 7468): its label and the DER between the lines. Only what a key file
/// needs: the first BEGIN line, base64 up to its END line; headers (RFC 1421) are refused.
public struct PEMBlock: Sendable, Equatable {
    public let label: String
    public let der: [UInt8]

    public static func first(in text: String) -> PEMBlock? {
        var label: String?
        var base64 = ""
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if let open = label {
                if line == "-----END \(open)-----" {
                    guard let der = Data(base64Encoded: base64), !der.isEmpty else { return nil }
                    return PEMBlock(label: open, der: Array(der))
                }
                if line.contains(":") { return nil }
                base64 += line
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----") {
                label = String(line.dropFirst(11).dropLast(5))
            }
        }
        return nil
    }
}
