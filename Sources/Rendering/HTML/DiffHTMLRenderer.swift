import CalendarCore
import PolicyEngine

/// `diff --format html`: every changed day with its old and new outcome side by side (verdict
/// and reason, deselection, decoration), grouped by month in a table each; a page saying "no
/// differences" when there are none. Dates are named in the locale (`DisplayNames.fullDate`),
/// verdicts in its language (`DayLabeler`); every policy text is HTML-escaped.
public enum DiffHTMLRenderer {
    public static func render(_ diff: PolicyDiff, names: DisplayNames) -> String {
        let labeler = DayLabeler(names: names)
        let page = HTMLPage(locale: names.identifier, title: "calpolicy diff " + diff.old + " → " + diff.new)
        var icons = Set<HTMLIcon>()
        var body = ""
        for (heading, month) in diff.monthRuns {
            let count = month.count
            let id = "m" + heading
            body += "<section aria-labelledby=\"" + id + "\">\n<h2 id=\"" + id + "\">" + heading
                + " <span class=\"count\" lang=\"en\">(\(count) day\(count == 1 ? "" : "s"))</span></h2>\n"
            body += "<table class=\"changes\">\n<thead lang=\"en\"><tr><th scope=\"col\">day</th>"
                + "<th scope=\"col\">old: " + HTMLText.escape(diff.old) + "</th>"
                + "<th scope=\"col\">new: " + HTMLText.escape(diff.new) + "</th></tr></thead>\n<tbody>\n"
            for change in month {
                body += "<tr><th scope=\"row\">" + HTMLText.escape(names.fullDate(change.day)) + "</th>"
                body += side(change.old, changed: change.fields, labeler: labeler, icons: &icons, kind: "old")
                body += side(change.new, changed: change.fields, labeler: labeler, icons: &icons, kind: "new")
                body += "</tr>\n"
            }
            body += "</tbody>\n</table>\n</section>\n"
        }
        let span = diff.span.first.iso + " to " + diff.span.last.iso
        var out = page.head(style: style)
        out += HTMLIcon.symbols(icons)
        out += "<header lang=\"en\" dir=\"ltr\">\n<h1>" + HTMLText.escape(diff.old) + " → " + HTMLText.escape(diff.new)
            + "</h1>\n<p class=\"meta\">"
        let count = diff.changes.count
        out += count == 0
            ? "no differences (" + span + ")"
            : "\(count) day\(count == 1 ? " differs" : "s differ") (" + span + ")"
        out += "</p>\n</header>\n<main>\n" + body + "</main>\n" + HTMLPage.tail
        return out
    }

    /// One side of a change: the verdict (with its reason), a refused deselection, the decoration.
    private static func side(_ record: DayRecord?, changed: [String], labeler: DayLabeler,
                             icons: inout Set<HTMLIcon>, kind: String) -> String {
        guard let record else { return "<td class=\"" + kind + "\"><span lang=\"en\">not evaluated</span></td>" }
        var out = "<td class=\"" + kind + "\">"
        let verdict = labeler.verdict(selectable: record.selectable, reason: record.selectable ? nil : record.reason)
        out += "<span class=\"verdict" + (record.selectable ? "" : " denied") + "\">" + HTMLText.escape(verdict) + "</span>"
        if !record.deselectable {
            out += "<br><span class=\"kept\" lang=\"en\">may not be deselected"
                + (record.selectable ? record.reason.map { ": " + HTMLText.escape($0) } ?? "" : "") + "</span>"
        }
        if let decoration = record.decoration {
            out += "<br>" + HTMLDecoration.marker(decoration, icons: &icons) + " <span class=\"deco\">"
            out += HTMLText.escape(decoration.label ?? decoration.kind.rawValue)
            if let image = decoration.image { out += " <span lang=\"en\">(" + HTMLText.escape(image) + ")</span>" }
            out += "</span>"
        } else if changed.contains("decoration") {
            out += "<br><span class=\"deco\" lang=\"en\">no decoration</span>"
        }
        return out + "</td>"
    }

    static let style = """
    table.changes { border-collapse: collapse; width: 100%; max-width: 60rem; table-layout: fixed; }
    table.changes thead th:first-child { width: 14rem; }
    table.changes th, table.changes td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: start;
      vertical-align: top; }
    thead th { background: var(--denied-bg); }
    td.old { background: var(--old-bg); } td.new { background: var(--new-bg); }
    .verdict.denied { font-weight: 600; }
    .count { color: var(--muted); font-weight: 400; }
    .custom { display: none; }
    @media print { table.changes { font-size: 7pt; } }

    """
}
