import MHDHost
import Rendering

/// `GET /`: the picker page, a reference client of the JSON API. Its HTML, CSS and JavaScript
/// live in this module as strings (WebPageHTML.swift, WebPageCSS.swift, WebPageJS.swift) and are
/// served as three routes so the Content-Security-Policy needs no inline script or style.
enum WebPage {
    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The icons of `image` decorations, the set the HTML pages use (Rendering's HTMLIcon), as a
    /// JavaScript object name → SVG path, put before the script.
    static let iconTable: String = {
        let entries = HTMLIcon.allCases.map { "\"\($0.rawValue)\":\"\($0.path)\"" }
        return "\"use strict\";\nconst ICONS = {" + entries.joined(separator: ",") + "};\n"
    }()

    static let script: [UInt8] = Array((iconTable + WebPageAssets.javaScript).utf8)

    /// The answer for a page route, or nil when `path` is not one (the API routes take over).
    static func response(method: String, path: String) -> HTTPResponse? {
        let body: [UInt8]
        let type: String
        switch path {
        case "/", "/index.html":
            body = Array(WebPageAssets.html.utf8)
            type = "text/html; charset=utf-8"
        case "/app.js":
            body = script
            type = "text/javascript; charset=utf-8"
        case "/app.css":
            body = Array(WebPageAssets.css.utf8)
            type = "text/css; charset=utf-8"
        default:
            return nil
        }
        let headers: [(name: String, value: String)] = [
            ("Content-Type", type), ("Content-Security-Policy", contentSecurityPolicy),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-cache"),
        ]
        guard method == "GET" || method == "HEAD" else {
            return Router.error(Router.Failure(status: 405, code: "method_not_allowed",
                                               message: "\(path) takes GET, not \(method)", headers: [("Allow", "GET")]))
        }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}
