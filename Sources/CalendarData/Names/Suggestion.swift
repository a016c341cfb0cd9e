/// "Did you mean" by edit distance, as git and swift-argument-parser do it: the one helper every
/// did-you-mean goes through (zones, countries, subdivisions, categories, languages, locales,
/// options, commands, config keys, policy keys and functions).
///
/// Bounded whatever it is given: a word longer than `maxWordLength` is no typo of a name we know
/// and gets no suggestion without being compared; the distance is banded (only cells within the
/// allowed distance of the diagonal are computed, and a candidate whose length alone is too far
/// is skipped), so one comparison costs O(length × limit), never O(length²).
public enum Suggestion {
    /// The longest word looked at, in characters. Every name suggested is far shorter (the
    /// longest zone name is 32), so this only turns away input no typo produces.
    public static let maxWordLength = 100

    /// The closest candidate within a distance that still reads as a typo
    /// (at most 2 edits, and fewer than half the word), or nil.
    public static func nearest(to typed: String, among candidates: [String]) -> String? {
        nearestAll(to: typed, among: candidates, limit: typoLimit(typed))?.words.first
    }

    /// The typo distance for `typed`: at most 2 edits, and fewer than half the word.
    public static func typoLimit(_ typed: String) -> Int {
        min(2, max(1, min(typed.count, maxWordLength + 1) / 2))
    }

    /// Every candidate at the smallest distance from `typed` that is at most `limit`, in the
    /// candidates' order; nil when none is that close or `typed` is longer than `maxWordLength`.
    /// `ignoringCase` compares lowercased words (the candidates are returned as given).
    public static func nearestAll(to typed: String, among candidates: [String], limit: Int,
                                  ignoringCase: Bool = false) -> (distance: Int, words: [String])? {
        guard typed.utf8.count <= maxWordLength * 4, typed.count <= maxWordLength, limit >= 0 else { return nil }
        let word = Array(ignoringCase ? typed.lowercased() : typed)
        var best: (distance: Int, words: [String])?
        for candidate in candidates {
            guard candidate.utf8.count <= maxWordLength * 4 else { continue }
            let other = Array(ignoringCase ? candidate.lowercased() : candidate)
            guard let found = distance(word, other, atMost: best?.distance ?? limit) else { continue }
            if let current = best, current.distance == found {
                best!.words.append(candidate)
            } else {
                best = (found, [candidate])
            }
        }
        return best
    }

    /// Optimal-string-alignment distance (Levenshtein plus adjacent transposition, since
    /// `--mnoth` is as much a typo as `--mnth`) when it is at most `bound`, else nil.
    public static func distance(_ a: String, _ b: String, atMost bound: Int) -> Int? {
        guard a.count <= maxWordLength * 4, b.count <= maxWordLength * 4 else { return nil }
        return distance(Array(a), Array(b), atMost: bound)
    }

    /// The banded computation: row i keeps only columns i-bound...i+bound; cells outside the
    /// band stand at bound+1 ("too far"), and a row with nothing within bound ends the search.
    static func distance(_ s: [Character], _ t: [Character], atMost bound: Int) -> Int? {
        guard bound >= 0, abs(s.count - t.count) <= bound else { return nil }
        if s.isEmpty || t.isEmpty { return max(s.count, t.count) }
        let far = bound + 1, width = t.count + 1
        var before = [Int](repeating: far, count: width)
        var previous = (0..<width).map { min($0, far) }
        var current = [Int](repeating: far, count: width)
        for i in 1...s.count {
            let low = max(1, i - bound), high = min(t.count, i + bound)
            // Reset what the band of this row and the next can read.
            for j in max(0, low - 2)...min(t.count, high + 1) { current[j] = far }
            current[0] = min(i, far)
            var rowBest = current[0]
            for j in low...high {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
                    value = min(value, before[j - 2] + 1)
                }
                current[j] = min(value, far)
                rowBest = min(rowBest, current[j])
            }
            if rowBest > bound { return nil }
            swap(&before, &previous)
            swap(&previous, &current)
        }
        let result = previous[t.count]
        return result <= bound ? result : nil
    }
}
