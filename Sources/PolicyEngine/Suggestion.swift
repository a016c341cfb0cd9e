/// "Did you mean" by edit distance, as git and swift-argument-parser do it.
public enum Suggestion {
    /// The closest candidate within a distance that still reads as a typo
    /// (at most 2 edits, and fewer than half the word), or nil.
    public static func nearest(to typed: String, among candidates: [String]) -> String? {
        var best: (word: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(typed, candidate)
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let limit = min(2, max(1, typed.count / 2))
        return best.distance <= limit ? best.word : nil
    }

    /// Optimal-string-alignment distance: Levenshtein plus adjacent transposition,
    /// since `--mnoth` is as much a typo as `--mnth`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { rows[i][0] = i }
        for j in 0...t.count { rows[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = value
            }
        }
        return rows[s.count][t.count]
    }
}
