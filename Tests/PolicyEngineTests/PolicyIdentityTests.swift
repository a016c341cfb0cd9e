import Testing
import PolicyEngine

@Suite struct PolicyIdentityTests {
    @Test func tidyDropsEmptyAndDotComponentsButNeverResolves() {
        #expect(PolicyIdentity.tidy("./a//b.lua") == "a/b.lua")
        #expect(PolicyIdentity.tidy("a/./b/../c.lua") == "a/b/../c.lua")
        #expect(PolicyIdentity.tidy("/tmp//x/./y.lua") == "/tmp/x/y.lua")
        #expect(PolicyIdentity.tidy("rules.lua") == "rules.lua")
        #expect(PolicyIdentity.tidy("-") == "-")
    }

    @Test func tidySplitsOnlyAtSlashesWhateverTheOtherCharacters() {
        #expect(PolicyIdentity.tidy("/Ämter//Fer\u{0301}ien/./日本.lua/") == "/Ämter/Fer\u{0301}ien/日本.lua")
        #expect(PolicyIdentity.tidy("//") == "/")
        #expect(PolicyIdentity.tidy("./") == ".")
        #expect(PolicyIdentity.tidy("a b/c\td.lua") == "a b/c\td.lua")
        #expect(PolicyIdentity.displayNames(for: ["x/Ä.lua", "y/Ä.lua", "/z/ü.lua"]) == ["x/Ä.lua", "y/Ä.lua", "ü.lua"])
    }

    @Test func displayNamesAreFileNamesUnlessTheyCollide() {
        #expect(PolicyIdentity.displayNames(for: ["p/weekends.lua", "p/holidays.lua"]) == ["weekends.lua", "holidays.lua"])
        #expect(PolicyIdentity.displayNames(for: ["a/rules.lua", "./b//rules.lua", "c.lua"])
            == ["a/rules.lua", "b/rules.lua", "c.lua"])
        #expect(PolicyIdentity.displayNames(for: ["x/a/rules.lua", "y/a/rules.lua"]) == ["x/a/rules.lua", "y/a/rules.lua"])
        #expect(PolicyIdentity.displayNames(for: ["rules.lua", "a/rules.lua"]) == ["rules.lua", "a/rules.lua"])
        #expect(PolicyIdentity.displayNames(for: ["a/rules.lua", "a/rules.lua"]) == ["rules.lua", "rules.lua"])
    }
}
