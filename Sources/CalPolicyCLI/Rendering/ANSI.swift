import CalendarCore

/// Terminal styling, applied only when `Console.usesColor` says so.
enum ANSI {
    static let reset = "\u{1B}[0m"
    static let dim = "\u{1B}[2m"
    static let bold = "\u{1B}[1m"
    static let reverse = "\u{1B}[7m"

    /// A decoration colour as an SGR foreground: a named colour or `#RRGGBB` (24-bit);
    /// anything else falls back to cyan so a decoration is never invisible.
    static func foreground(for color: String?) -> String {
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

/// Display width in terminal columns: East Asian wide and fullwidth characters take two.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let v = scalar.value
        if v < 0x1100 { return 1 }
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                           0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// The longest prefix of `text` that fits `width` columns, padded on the right to it.
    static func fit(_ text: String, width: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width { break }
            out.append(character)
            used += w
        }
        return out + String(repeating: " ", count: width - used)
    }

    static func center(_ text: String, width: Int) -> String {
        let w = of(text)
        guard w < width else { return fit(text, width: width) }
        let left = (width - w) / 2
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: width - w - left)
    }
}
