extension String {
    /// `self` padded on the left to `width` characters (`"7".leftPadded(2)` is `"07"`).
    package func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
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
