import Testing
@testable import Rendering

@Suite struct CSSColorTests {
    @Test func hexAndListedNamesAreColours() {
        #expect(CSSColor.validated("#c62828") == "#c62828")
        #expect(CSSColor.validated("#ABC") == "#abc")
        #expect(CSSColor.validated("Red") == "red")
    }

    @Test(arguments: ["#12345", "#gggggg", "red;background:url(x)", "expression(alert(1))", "", "#", "mint",
                      "rgb(1,2,3)", "#1234567"])
    func anythingElseIsIgnored(text: String) {
        #expect(CSSColor.validated(text) == nil)
    }

    @Test func noColourIsNone() {
        #expect(CSSColor.validated(nil) == nil)
    }
}
