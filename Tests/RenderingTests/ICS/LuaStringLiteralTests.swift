import Testing
@testable import Rendering

@Suite struct LuaStringLiteralTests {
    @Test func quotesBackslashesAndControlBytesAreEscaped() {
        #expect(LuaStringLiteral.quoted("plain") == "\"plain\"")
        #expect(LuaStringLiteral.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(LuaStringLiteral.quoted("a\nb\u{0}c\u{7F}") == #""a\010b\000c\127""#)
        #expect(LuaStringLiteral.quoted("🎄 ünï") == "\"🎄 ünï\"")
    }

    @Test func theGeneratedPolicyOpensTheFileAndAnswersAsAsked() throws {
        let both = ImportedPolicyDocument(name: "closures", icsName: "closures.ics", denies: true, decorates: true)
        let bothText = try both.policy()
        #expect(bothText.contains("local events = cal.ics(\"closures.ics\")"))
        #expect(bothText.contains("canSelect = function(day)") && bothText.contains("decorationFor"))
        let deny = ImportedPolicyDocument(name: "c", icsName: "c.ics", denies: true, decorates: false)
        #expect(try !deny.policy().contains("decorationFor"))
        #expect(deny.testFileName == "c_test.lua")
    }
}
