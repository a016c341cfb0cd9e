import CalPolicyRequests
import CalendarCore
import Foundation
import MHDHost
import Rendering
import Testing
@testable import CalPolicyServer

@Suite struct WebPageTests {
    func header(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test func fourRoutesWithTheirTypesAndSecurityHeaders() throws {
        for (path, type) in [("/", "text/html"), ("/index.html", "text/html"), ("/app.js", "text/javascript"),
                             ("/picker.js", "text/javascript"), ("/app.css", "text/css")] {
            let response = try #require(WebPage.response(method: "GET", path: path))
            #expect(response.status == 200)
            #expect(header(response, "Content-Type")?.hasPrefix(type) == true, "\(path)")
            #expect(header(response, "Content-Security-Policy") == "default-src 'none'; script-src 'self'; style-src 'self'; "
                + "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
            #expect(header(response, "X-Content-Type-Options") == "nosniff")
            #expect(!response.body.isEmpty)
        }
        #expect(WebPage.response(method: "HEAD", path: "/")?.status == 200)
        #expect(WebPage.response(method: "POST", path: "/")?.status == 405)
        #expect(WebPage.response(method: "GET", path: "/v1/month") == nil)
        #expect(WebPage.response(method: "GET", path: "/other.js") == nil)
    }

    @Test func noInlineScriptOrStyleAndNoInnerHTML() {
        let html = String(decoding: WebPage.html, as: UTF8.self)
        #expect(html.contains("<script src=\"/app.js\" defer></script>"))
        #expect(html.contains("<script src=\"/picker.js\" defer></script>"))
        #expect(html.contains("<link rel=\"stylesheet\" href=\"/app.css\" data-calpolicy-picker>"))
        #expect(html.contains("<calpolicy-picker controls></calpolicy-picker>"), "the page is the element")
        #expect(html.components(separatedBy: "<script").count == 3)
        #expect(!html.contains("style="))
        #expect(!html.contains("<style"))
        for bytes in [WebPage.script, WebPage.element] {
            let script = String(decoding: bytes, as: UTF8.self)
            #expect(!script.contains("innerHTML"))
            #expect(!script.contains("outerHTML"))
            #expect(!script.contains("insertAdjacentHTML"))
            #expect(!script.contains("eval("))
        }
    }

    /// The element's words: every string in every language of the page's menu, with a source note.
    @Test func theCatalogueHasEveryStringInEveryMenuLanguageWithASourceNote() throws {
        let catalogue = try #require(try JSONSerialization.jsonObject(with: Data(PackageResources.strings_json)) as? [String: Any])
        let languages = try #require(catalogue["languages"] as? [String])
        let strings = try #require(catalogue["strings"] as? [String: [String: String]])
        for locale in LocaleCatalog.pickerMenu {
            let language = String(locale.prefix { $0 != "_" })
            #expect(languages.contains(language), "\(locale)")
        }
        #expect(strings.count >= 40)
        for (key, entry) in strings {
            let note = entry["note"] ?? ""
            #expect(note.hasPrefix("CLDR") || note.hasPrefix("hand-translated"), "\(key): \(note)")
            for language in languages {
                let text = entry[language] ?? ""
                #expect(!text.isEmpty, "\(key) in \(language)")
                // Placeholders survive translation.
                for placeholder in ["{n}", "{day}", "{first}", "{last}"] where entry["en"]!.contains(placeholder) {
                    #expect(text.contains(placeholder), "\(key) in \(language) lost \(placeholder)")
                }
            }
        }
        #expect(String(decoding: WebPage.element, as: UTF8.self).contains("const STRINGS = {"))
    }

    @Test func theScriptsListsComeFromTheEngine() {
        let script = String(decoding: WebPage.element, as: UTF8.self)
        for calendar in CalendarIdentifier.allCases { #expect(script.contains("\"\(calendar.rawValue)\"")) }
        #expect(script.contains("const LOCALES = [\"en_US\""))
        #expect(script.contains("\"zh_CN\""))
        for name in CSSColor.names { #expect(script.contains("\"\(name)\"")) }
        // Each list is defined once, before the page's own code.
        #expect(script.components(separatedBy: "const CALENDARS").count == 2)
        #expect(script.range(of: "const CALENDARS")!.lowerBound < script.range(of: "const ICON_ALIASES")!.lowerBound)
    }

    @Test func theIconsAreTheHTMLPagesSet() {
        let script = String(decoding: WebPage.element, as: UTF8.self)
        for icon in HTMLIcon.allCases {
            #expect(script.contains("\"\(icon.rawValue)\":\"\(icon.path)\""))
        }
    }
}
