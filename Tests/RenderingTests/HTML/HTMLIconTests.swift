import Testing
@testable import Rendering

@Suite struct HTMLIconTests {
    @Test func imageNamesPickAnIconByTheirFirstPart() {
        #expect(HTMLIcon(imageName: "banknote") == .banknote)
        #expect(HTMLIcon(imageName: "star.fill") == .star)
        #expect(HTMLIcon(imageName: "checkmark.circle") == .check)
    }

    @Test func unknownNamesHaveNoIcon() {
        #expect(HTMLIcon(imageName: "unicorn") == nil)
        #expect(HTMLIcon(imageName: nil) == nil)
    }

    @Test func onlyUsedIconsAreDefined() {
        let symbols = HTMLIcon.symbols([.star])
        #expect(symbols.contains("id=\"i-star\""))
        #expect(!symbols.contains("i-heart"))
        #expect(HTMLIcon.symbols([]).isEmpty)
    }
}
