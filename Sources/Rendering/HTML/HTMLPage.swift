/// The frame every HTML page shares: doctype, `lang` and `dir` from the locale, one inline
/// style sheet (light and dark, screen and print), no scripts and nothing fetched.
struct HTMLPage {
    /// The locale identifier (`he_IL`), written as a language tag (`he-IL`).
    let locale: String
    let title: String

    /// Languages written right to left.
    static let rightToLeft: Set<String> = ["ar", "fa", "he", "iw", "ur", "yi", "ps", "ckb", "dv", "sd", "ug"]

    /// `he_IL` → `he-IL`; a `@calendar=…` suffix dropped.
    static func languageTag(_ locale: String) -> String {
        let base = String(locale.prefix { $0 != "@" })
        let tag = String(base.map { $0 == "_" ? "-" : $0 })
        return tag.isEmpty ? "en" : tag
    }

    static func isRightToLeft(_ locale: String) -> Bool {
        let language = languageTag(locale).prefix { $0 != "-" }.lowercased()
        return rightToLeft.contains(language)
    }

    /// Everything up to and including `<body>`.
    func head(style: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"" + HTMLText.escape(HTMLPage.languageTag(locale)) + "\""
        out += HTMLPage.isRightToLeft(locale) ? " dir=\"rtl\">\n" : " dir=\"ltr\">\n"
        out += "<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<title>" + HTMLText.escape(title) + "</title>\n"
        out += "<style>\n" + HTMLPage.baseStyle + style + "</style>\n</head>\n<body>\n"
        return out
    }

    static let tail = "</body>\n</html>\n"

    /// Colours chosen for WCAG AA contrast (4.5:1 or better for every text) in both schemes.
    static let baseStyle = """
    :root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1b1b; --muted: #4d4d4d; --line: #8a8a8a;
      --denied-bg: #ebebeb; --denied-fg: #444444; --accent: #0b57d0; --today: #0b57d0; --old-bg: #fde8e8;
      --new-bg: #e6f4ea; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #121212; --fg: #ececec; --muted: #b8b8b8; --line: #6b6b6b; --denied-bg: #2c2c2c;
        --denied-fg: #c4c4c4; --accent: #8ab4f8; --today: #8ab4f8; --old-bg: #3b1f1f; --new-bg: #1d3324; }
    }
    * { box-sizing: border-box; }
    body { margin: 1rem; background: var(--bg); color: var(--fg);
      font: 14px/1.35 system-ui, "Noto Sans", "DejaVu Sans", sans-serif; }
    h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
    h2 { font-size: 1.1rem; margin: 1rem 0 .4rem; }
    .meta { color: var(--muted); margin: 0 0 1rem; }
    .sr { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
    .symbols { position: absolute; width: 0; height: 0; overflow: hidden; }
    .dot { display: inline-block; width: .45em; height: .45em; border-radius: 50%; background: var(--accent);
      vertical-align: middle; }
    .dot.small { width: .35em; height: .35em; } .dot.large { width: .6em; height: .6em; }
    .icon { display: inline-block; width: .8em; height: .8em; fill: currentColor; color: var(--accent);
      vertical-align: middle; }
    .custom { font-size: .7em; }
    @page { size: landscape; margin: 8mm; }
    @media print {
      :root { --bg: #ffffff; --fg: #000000; --muted: #333333; --denied-bg: #e6e6e6; --denied-fg: #333333; }
      body { margin: 0; font-size: 7.5pt; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
    }

    """
}
