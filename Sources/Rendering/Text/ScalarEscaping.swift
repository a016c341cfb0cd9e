/// The loop every text escaper here shares (terminal, JSON, HTML, YAML, XML): each scalar is
/// written as what the escaper's table gives for it, or as itself when the table has nothing,
/// so the escapers differ only in their tables.
enum ScalarEscaping {
    static func escape(_ text: String, into out: inout String, _ replacement: (Unicode.Scalar) -> String?) {
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                out += replaced
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
}
