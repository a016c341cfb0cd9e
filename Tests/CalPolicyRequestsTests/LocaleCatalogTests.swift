import Foundation
import Testing
@testable import CalPolicyRequests

/// `--locale` accepts what ICU reads: every identifier Foundation lists, in `_` and `-`
/// spellings, and the short forms its likely subtags expand (`zh_CN`), refusing only what
/// resolves to nothing.
@Suite struct LocaleCatalogTests {
    /// The locales of the picker page's menu: each must load (`zh_CN` was refused).
    static let pickerMenu = LocaleCatalog.pickerMenu

    @Test func shortFormsExpandThroughLikelySubtags() {
        #expect(LocaleCatalog.resolve("zh_CN") == "zh_Hans_CN")
        #expect(LocaleCatalog.resolve("zh_TW") == "zh_Hant_TW")
        #expect(LocaleCatalog.resolve("sr_RS") == "sr_Cyrl_RS")
        #expect(LocaleCatalog.resolve("zh-CN") == "zh_Hans_CN")
    }

    @Test func unknownLanguagesResolveToNothing() {
        for text in ["xx_YY", "qq", "zz_ZZ", "xx-Latn-YY"] {
            #expect(LocaleCatalog.resolve(text) == nil, "\(text)")
        }
    }

    @Test func everyPickerMenuLocaleIsAcceptedInBothSpellings() throws {
        for identifier in Self.pickerMenu {
            #expect((try? ValueParser.locale(identifier, option: OptionCatalogue.locale)) == identifier)
            let dashed = identifier.replacingOccurrences(of: "_", with: "-")
            #expect((try? ValueParser.locale(dashed, option: OptionCatalogue.locale)) == dashed)
        }
    }

    @Test func everyICULocaleIsAcceptedWithAndWithoutItsScript() {
        var refused: [String] = []
        for identifier in Locale.availableIdentifiers {
            var forms = [identifier, identifier.replacingOccurrences(of: "_", with: "-")]
            let parts = identifier.split(separator: "_")
            // `zh_Hans_CN` is also written `zh_CN`: the short form must resolve to a known locale.
            if parts.count == 3, parts[1].count == 4 { forms.append("\(parts[0])_\(parts[2])") }
            for form in forms where (try? ValueParser.locale(form, option: OptionCatalogue.locale)) == nil {
                refused.append(form)
            }
        }
        #expect(refused.isEmpty, "refused: \(refused.prefix(20))")
    }

    @Test func aRefusalSuggestsKnownLocalesOfTheSameLanguage() {
        do {
            _ = try ValueParser.locale("de_XX", option: OptionCatalogue.locale)
            Issue.record("de_XX was accepted")
        } catch {
            guard let reason = error.reason(.commandLine) else { Issue.record("\(error)"); return }
            #expect(reason.hasPrefix("unknown locale; did you mean 'de"))
            for name in reason.split(separator: "'").enumerated().filter({ $0.offset % 2 == 1 }).map({ String($0.element) }) {
                #expect(LocaleCatalog.resolve(name) != nil, "suggested \(name)")
            }
        }
    }
}
