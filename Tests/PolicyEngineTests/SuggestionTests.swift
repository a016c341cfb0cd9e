import Testing
import PolicyEngine

@Suite struct SuggestionTests {
    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(Suggestion.editDistance("month", "month") == 0)
        #expect(Suggestion.editDistance("mnth", "month") == 1)
        #expect(Suggestion.editDistance("monthly", "month") == 2)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }

    @Test func adjacentTranspositionCostsOne() {
        #expect(Suggestion.editDistance("mnoth", "month") == 1)
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
}
