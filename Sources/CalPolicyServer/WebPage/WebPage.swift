import CalPolicyRequests
import CalendarCore
import MHDHost
import Rendering

/// `GET /`: the picker page, and `GET /picker.js`: the `<calpolicy-picker>` custom element the page
/// is made of, which another site embeds (docs/picker.md). The HTML, CSS, JavaScript and the
/// element's words (`strings.json`) are files beside this one (`Assets/`), compiled in with
/// `.embedInCode` (a bundle would need a folder beside the binary, which an install into `bin/` or
/// a one-file image does not have), and served as separate routes so the Content-Security-Policy
/// needs no inline script or style.
enum WebPage {
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// What the script knows of the engine, put before it from the engine's own lists (never a
    /// copy in the script): the icons of `image` decorations (Rendering's HTMLIcon, name → SVG
    /// path), the calendars, the locales of the menu and the colour names decorations may use.
    /// The element's words (`strings.json`: the chrome in the menu's languages, a source note per
    /// string) go in as they are; it is JSON, so it is a JavaScript expression.
    static let engineLists: String = {
        func list(_ items: [String]) -> String { "[" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        let icons = HTMLIcon.allCases.map { "\"\($0.rawValue)\":\"\($0.path)\"" }
        return "\"use strict\";\nconst ICONS = {" + icons.joined(separator: ",") + "};\n"
            + "const CALENDARS = " + list(CalendarIdentifier.allCases.map(\.rawValue)) + ";\n"
            + "const LOCALES = " + list(LocaleCatalog.pickerMenu) + ";\n"
            + "const COLOR_NAMES = new Set(" + list(CSSColor.names.sorted()) + ");\n"
            + "const STRINGS = " + String(decoding: PackageResources.strings_json, as: UTF8.self) + ";\n"
    }()

    static let html: [UInt8] = PackageResources.index_html
    static let css: [UInt8] = PackageResources.app_css
    /// The page's own script: its query string as the element's attributes.
    static let script: [UInt8] = PackageResources.app_js
    /// The element, in one function so a host page's globals and its constants do not meet.
    static let element: [UInt8] = Array(("(() => {\n" + engineLists).utf8) + PackageResources.picker_js
        + Array("})();\n".utf8)

    /// The answer for a page route, or nil when `path` is not one (the API routes take over).
    static func response(method: String, path: String) -> HTTPResponse? {
        let body: [UInt8]
        let type: String
        switch path {
        case "/", "/index.html":
            body = html
            type = "text/html; charset=utf-8"
        case "/app.js":
            body = script
            type = "text/javascript; charset=utf-8"
        case "/picker.js":
            body = element
            type = "text/javascript; charset=utf-8"
        case "/app.css":
            body = css
            type = "text/css; charset=utf-8"
        default:
            return nil
        }
        let headers: [(name: String, value: String)] = [
            ("Content-Type", type), ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-cache"),
        ]
        guard method == "GET" || method == "HEAD" else {
            return Router.error(Router.Failure(.methodNotAllowed,
                                               message: "\(path) takes GET, not \(method)", headers: [("Allow", "GET")]))
        }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}
