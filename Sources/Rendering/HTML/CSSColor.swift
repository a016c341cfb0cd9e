/// A decoration colour the HTML page may put in a `style` attribute: `#rgb`, `#rrggbb`, or a
/// name from a fixed list of CSS colour names. Anything else is not a colour here, and the
/// page draws the decoration in its default colour instead.
public enum CSSColor {
    /// CSS named colours accepted (lowercase).
    public static let names: Set<String> = [
        "aqua", "black", "blue", "brown", "crimson", "cyan", "darkgreen", "fuchsia", "gold", "gray", "green",
        "grey", "indigo", "lime", "magenta", "maroon", "navy", "olive", "orange", "pink", "purple", "red",
        "silver", "teal", "white", "yellow",
    ]

    /// The colour as it goes into CSS (names lowercased), or nil when it is not one.
    public static func validated(_ color: String?) -> String? {
        guard let color else { return nil }
        let utf8 = Array(color.utf8)
        if utf8.first == UInt8(ascii: "#") {
            let digits = utf8.dropFirst()
            guard digits.count == 3 || digits.count == 6, digits.allSatisfy(isHexDigit) else { return nil }
            return color.lowercased()
        }
        let lowered = color.lowercased()
        return names.contains(lowered) ? lowered : nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
