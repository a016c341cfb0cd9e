import Testing
import CalendarData

@Suite struct SuggestionTests {
    func distance(_ a: String, _ b: String) -> Int? { Suggestion.distance(a, b, atMost: 10) }

    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(distance("month", "month") == 0)
        #expect(distance("mnth", "month") == 1)
        #expect(distance("monthly", "month") == 2)
        #expect(distance("", "abc") == 3)
        #expect(distance("kitten", "sitting") == 3)
    }

    @Test func adjacentTranspositionCostsOne() {
        #expect(distance("mnoth", "month") == 1)
    }

    @Test func nearestPicksTheClosestWithinTheLimit() {
        #expect(Suggestion.nearest(to: "evl", among: ["eval", "select", "check"]) == "eval")
        #expect(Suggestion.nearest(to: "chekc", among: ["eval", "select", "check"]) == "check")
        #expect(Suggestion.nearest(to: "zzzz", among: ["eval", "select", "check"]) == nil)
    }

    @Test func shortWordsGetOnlyOneEdit() {
        #expect(Suggestion.nearest(to: "ab", among: ["xy"]) == nil)
        #expect(Suggestion.nearest(to: "js", among: ["csv", "json"]) == nil)
    }

    /// The full optimal-string-alignment table, the reference the banded one must agree with.
    static func reference(_ a: String, _ b: String) -> Int {
        let s = Array(a), t = Array(b)
        var rows = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { rows[i][0] = i }
        for j in 0...t.count { rows[0][j] = j }
        if s.isEmpty || t.isEmpty { return max(s.count, t.count) }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                var value = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] { value = min(value, rows[i - 2][j - 2] + 1) }
                rows[i][j] = value
            }
        }
        return rows[s.count][t.count]
    }

    /// The banded distance over many shapes (random words over a small alphabet, so matches,
    /// swaps and repeats are common): within the bound it equals the full table, past it nil.
    @Test func bandedDistanceAgreesWithTheFullTable() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcab/_")
        for _ in 0..<3000 {
            let a = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let b = String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let full = Self.reference(a, b)
            for bound in 0...5 {
                let banded = Suggestion.distance(a, b, atMost: bound)
                #expect(banded == (full <= bound ? full : nil), "'\(a)' '\(b)' bound \(bound): full \(full)")
            }
        }
    }

    /// A word past the length cap gets no suggestion, whatever it resembles, and at no cost.
    @Test func wordsPastTheCapAreNotCompared() {
        let long = String(repeating: "Europe/Berlin", count: 8)
        #expect(Suggestion.nearest(to: long, among: [long]) == nil)
        #expect(Suggestion.nearestAll(to: long, among: [long], limit: 1000) == nil)
        let capped = String(repeating: "x", count: Suggestion.maxWordLength)
        #expect(Suggestion.nearest(to: capped, among: [capped + "y"]) == capped + "y")
    }
}
