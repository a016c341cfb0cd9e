extension String {
    /// `self` padded on the left to `width` characters (`"7".leftPadded(2)` is `"07"`).
    package func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    /// Every occurrence of `target` replaced by `replacement`, matched byte for byte in
    /// UTF-8. Hand-written rather than the standard library's `replacing(_:with:)`, whose
    /// first call in a process makes the runtime scan every protocol conformance in the
    /// binary (~0.35 M instructions, a tenth of a cold start).
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let text = Array(utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, text.count >= pattern.count else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index] == pattern[0], index + pattern.count <= text.count,
               text[index..<index + pattern.count].elementsEqual(pattern) {
                out.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                out.append(text[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Every `target` replaced by `replacement`, one Character at a time.
    package func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
