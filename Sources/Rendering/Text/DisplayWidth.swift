/// Display width in terminal columns: East Asian wide and fullwidth characters take two.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let v = scalar.value
        if v < 0x1100 { return 1 }
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                           0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// The longest prefix of `text` that fits `width` columns, padded on the right to it.
    public static func fit(_ text: String, width: Int) -> String {
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

    public static func center(_ text: String, width: Int) -> String {
        let w = of(text)
        guard w < width else { return fit(text, width: width) }
        let left = (width - w) / 2
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: width - w - left)
    }
}
