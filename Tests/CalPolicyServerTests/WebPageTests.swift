import CalendarCore
import MHDHost
import Rendering
import Testing
@testable import CalPolicyServer

@Suite struct WebPageTests {
    func header(_ response: HTTPResponse, _ name: String) -> String? {
        response.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test func threeRoutesWithTheirTypesAndSecurityHeaders() throws {
        for (path, type) in [("/", "text/html"), ("/index.html", "text/html"), ("/app.js", "text/javascript"),
                             ("/app.css", "text/css")] {
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
        #expect(html.contains("<link rel=\"stylesheet\" href=\"/app.css\">"))
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("style="))
        #expect(!html.contains("<style"))
        let script = String(decoding: WebPage.script, as: UTF8.self)
        #expect(!script.contains("innerHTML"))
        #expect(!script.contains("outerHTML"))
        #expect(!script.contains("insertAdjacentHTML"))
        #expect(!script.contains("eval("))
    }

    @Test func theScriptsListsComeFromTheEngine() {
        let script = String(decoding: WebPage.script, as: UTF8.self)
        for calendar in CalendarIdentifier.allCases { #expect(script.contains("\"\(calendar.rawValue)\"")) }
        #expect(script.contains("const LOCALES = [\"en_US\""))
        #expect(script.contains("\"zh_CN\""))
        for name in CSSColor.names { #expect(script.contains("\"\(name)\"")) }
        // Each list is defined once, before the page's own code.
        #expect(script.components(separatedBy: "const CALENDARS").count == 2)
        #expect(script.range(of: "const CALENDARS")!.lowerBound < script.range(of: "const ICON_ALIASES")!.lowerBound)
    }

    @Test func theIconsAreTheHTMLPagesSet() {
        let script = String(decoding: WebPage.script, as: UTF8.self)
        for icon in HTMLIcon.allCases {
            #expect(script.contains("\"\(icon.rawValue)\":\"\(icon.path)\""))
        }
    }
}
