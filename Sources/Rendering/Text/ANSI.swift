/// Terminal styling, applied only when the caller asks for colour (the CLI: `Console.usesColor`).
public enum ANSI {
    public static let reset = "\u{1B}[0m"
    public static let dim = "\u{1B}[2m"
    public static let bold = "\u{1B}[1m"
    public static let reverse = "\u{1B}[7m"

    /// A decoration colour as an SGR foreground: a named colour or `#RRGGBB` (24-bit);
    /// anything else falls back to cyan so a decoration is never invisible.
    public static func foreground(for color: String?) -> String {
        guard let color = color?.lowercased() else { return "\u{1B}[36m" }
        if color.hasPrefix("#"), color.count == 7, let value = Int(color.dropFirst(), radix: 16) {
            return "\u{1B}[38;2;\(value >> 16);\((value >> 8) & 0xFF);\(value & 0xFF)m"
        }
        switch color {
        case "red", "pink": return "\u{1B}[31m"
        case "green", "mint": return "\u{1B}[32m"
        case "yellow", "orange", "brown": return "\u{1B}[33m"
        case "blue", "indigo": return "\u{1B}[34m"
        case "purple", "magenta": return "\u{1B}[35m"
        case "gray", "grey": return "\u{1B}[90m"
        default: return "\u{1B}[36m"
        }
    }
}
