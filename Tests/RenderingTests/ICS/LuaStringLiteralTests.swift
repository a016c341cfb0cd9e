import Testing
@testable import Rendering

@Suite struct LuaStringLiteralTests {
    @Test func quotesBackslashesAndControlBytesAreEscaped() {
        #expect(LuaStringLiteral.quoted("plain") == "\"plain\"")
        #expect(LuaStringLiteral.quoted(#"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
        #expect(LuaStringLiteral.quoted("a\nb\u{0}c\u{7F}") == #""a\010b\000c\127""#)
        #expect(LuaStringLiteral.quoted("🎄 ünï") == "\"🎄 ünï\"")
    }

    @Test func theGeneratedPolicyOpensTheFileAndAnswersAsAsked() {
        let both = ImportedPolicyDocument(name: "closures", icsName: "closures.ics", denies: true, decorates: true)
        #expect(both.policy().contains("local events = cal.ics(\"closures.ics\")"))
        #expect(both.policy().contains("canSelect = function(day)") && both.policy().contains("decorationFor"))
        let deny = ImportedPolicyDocument(name: "c", icsName: "c.ics", denies: true, decorates: false)
        #expect(!deny.policy().contains("decorationFor"))
        #expect(deny.testFileName == "c_test.lua")
    }
}
