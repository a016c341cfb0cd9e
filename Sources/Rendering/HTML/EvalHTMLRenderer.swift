import CalendarCore

/// `eval --format html`: one self-contained page with a `<table>` per month of the span (a year
/// at a glance for `--year`), printable on one landscape page. Each day carries the text
/// calendar's mark (`*`, `!`, `#`, `~`), its decoration as a dot, an icon or its label, and its
/// accessible label (`DayLabeler`) as both its `title` and its spoken name; denied days are
/// shaded and struck through, today is outlined. The legend is the text calendar's short one.
/// No scripts, nothing fetched; every policy text HTML-escaped.
public enum EvalHTMLRenderer {
    public static func render(_ report: EvalReport, to sink: some DocumentSink) {
        sink.write(render(report))
    }

    public static func render(_ report: EvalReport) -> String {
        let settings = report.settings
        let period = SpanPeriod(report.span, system: settings.system)
        let labeler = DayLabeler(names: settings.names)
        var icons = Set<HTMLIcon>()
        var months = ""
        for (month, grid) in report.grids {
            months += table(month: month, grid: grid, report: report, labeler: labeler, icons: &icons)
        }
        let page = HTMLPage(locale: settings.localeIdentifier, title: "calpolicy " + period.id)
        var out = page.head(style: style)
        out += HTMLIcon.symbols(icons)
        out += "<header>\n<h1>" + HTMLText.escape(period.id) + "</h1>\n"
        out += "<p class=\"meta\" lang=\"en\" dir=\"ltr\">" + meta(report) + "</p>\n</header>\n"
        out += "<main>\n<div class=\"months\">\n" + months + "</div>\n"
        out += legend(report)
        out += "</main>\n" + HTMLPage.tail
        return out
    }

    /// `policies: a.lua, b.lua · calendar gregorian · today 2026-12-01`.
    private static func meta(_ report: EvalReport) -> String {
        var text = report.policies.isEmpty ? "no policy files" : "policies: "
        for (index, policy) in report.policies.enumerated() {
            if index > 0 { text += ", " }
            text += policy
        }
        text += " · calendar " + report.settings.calendar.rawValue + " · locale " + report.settings.localeIdentifier
        text += " · " + report.span.days.first.iso + " to " + report.span.days.last.iso
        text += " · today " + report.settings.today.iso
        return HTMLText.escape(text)
    }

    private static func table(month: CalendarMonth, grid: MonthGrid, report: EvalReport, labeler: DayLabeler,
                              icons: inout Set<HTMLIcon>) -> String {
        let settings = report.settings
        let caption = settings.names.monthTitle(month)
        var out = "<table class=\"month\">\n<caption>" + HTMLText.escape(caption) + "</caption>\n<thead><tr>"
        let short = settings.names.weekdaySymbols(style: .short)
        let full = settings.names.weekdaySymbols(style: .full)
        for column in 0..<7 {
            let weekday = (settings.firstWeekday - 1 + column) % 7
            out += "<th scope=\"col\" abbr=\"" + HTMLText.escape(full[weekday]) + "\">"
                + HTMLText.escape(short[weekday]) + "</th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for row in grid.rows {
            // As the text calendar: a short span leaves out the weeks it does not touch.
            if !row.cells.contains(where: { report.span.days.contains($0.day) }) { continue }
            out += "<tr>"
            for cell in row.cells {
                guard cell.isInMonth, let result = report.evaluation(of: cell.day) else {
                    out += "<td></td>"
                    continue
                }
                out += day(result, number: cell.dayOfMonth, today: settings.today, labeler: labeler,
                           hours: DayHours(result.day, in: report), icons: &icons)
            }
            out += "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// A day's closed time by hours, as its cell shows it.
    struct DayHours {
        /// Closed from the day's first instant to its last, and not denied: the first closing reason.
        var closedAllDay: Bool = false
        var closedReason: String?
        /// A partly closed day's hours: "closed 15:00–24:00: no Friday deploys".
        var partly: String?

        init() {}

        init(_ day: Day, in report: EvalReport) {
            guard let hours = report.hours, let result = report.evaluation(of: day), !result.isDenied else { return }
            let index = report.span.days.first.distance(to: day)
            if report.isClosedAllDay(day) {
                closedAllDay = true
                closedReason = hours.days[index].first?.reason
            } else {
                partly = hours.legendText(index, day: day)
            }
        }
    }

    /// One day's cell: number and mark (hidden from assistive technology), decoration, and the
    /// label as the cell's title and its visually hidden text. A day closed all day by hours is
    /// labelled and styled as not selectable (it is closed, as the gate answers); a partly
    /// closed one says its hours.
    static func day(_ result: DayEvaluation, number: Int, today: Day, labeler: DayLabeler,
                    hours: DayHours = DayHours(), icons: inout Set<HTMLIcon>) -> String {
        var classes = "day"
        if result.isDenied || hours.closedAllDay { classes += " denied" }
        if hours.closedAllDay { classes += " closed" }
        if hours.partly != nil { classes += " partly" }
        if result.decoration != nil { classes += " decorated" }
        if result.isDeselectDenied { classes += " kept" }
        let isToday = result.day == today
        if isToday { classes += " today" }
        var text = hours.closedAllDay
            ? labeler.label(day: result.day, selectable: false, reason: hours.closedReason,
                            deselectable: result.deselect.isAllowed, deselectReason: result.deselect.verdict.reason,
                            decoration: result.decoration)
            : labeler.label(for: result)
        if let partly = hours.partly { text += labeler.phrases.separator + partly }
        let label = HTMLText.escape(text)
        var out = "<td class=\"" + classes + "\" title=\"" + label + "\""
        if isToday { out += " aria-current=\"date\"" }
        out += "><span class=\"n\" aria-hidden=\"true\">" + String(number) + "</span>"
        let mark = LegendRenderer.mark(for: result, partlyClosed: hours.partly != nil, closedAllDay: hours.closedAllDay)
        if mark != " " { out += "<span class=\"mk\" aria-hidden=\"true\">" + mark + "</span>" }
        if let decoration = result.decoration {
            out += "<span class=\"marks\">" + HTMLDecoration.marker(decoration, icons: &icons) + "</span>"
        }
        return out + "<span class=\"sr\">" + label + "</span></td>"
    }

    /// The text calendar's key and short legend, one list item per line.
    private static func legend(_ report: EvalReport) -> String {
        let text = LegendRenderer(report: report, verbose: false, style: .short).render()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard !lines.isEmpty else { return "" }
        let key = lines.removeFirst()
        var out = "<section class=\"legend\" lang=\"en\" dir=\"ltr\" aria-labelledby=\"legend-title\">\n"
        out += "<h2 id=\"legend-title\">Legend</h2>\n<p class=\"key\">" + HTMLText.escape(key) + "</p>\n<ul>\n"
        for line in lines {
            out += "<li>" + HTMLText.escape(line) + "</li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    static let style = """
    .months { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1rem 1.5rem; }
    table.month { border-collapse: separate; border-spacing: 2px; width: 100%; table-layout: fixed; }
    caption { font-weight: 700; text-align: start; padding: 0 0 .2rem; }
    th { font-weight: 600; font-size: .8em; color: var(--muted); padding: .1rem 0; overflow: hidden;
      text-overflow: clip; white-space: nowrap; }
    td { text-align: center; vertical-align: top; padding: .1rem 0; height: 2.3em; border-radius: 4px;
      overflow: hidden; white-space: nowrap; }
    td.denied { background: var(--denied-bg); color: var(--denied-fg); }
    td.denied .n { text-decoration: line-through; }
    td.partly { box-shadow: inset 0 -3px 0 var(--denied-fg); }
    td.today { outline: 2px solid var(--today); outline-offset: -2px; font-weight: 700; }
    .mk { font-size: .75em; margin-inline-start: 1px; }
    .marks { display: block; line-height: 1; font-size: .9em; overflow: hidden; text-overflow: ellipsis; }
    .legend .key { font-weight: 600; margin: 0 0 .3rem; }
    .legend ul { columns: 2 22rem; margin: 0; padding-inline-start: 1.2rem; }
    .legend li { break-inside: avoid; }
    @media print {
      .months { grid-template-columns: repeat(4, 1fr); gap: 2mm 5mm; }
      td { height: auto; padding: 0; }
      h2 { margin: 2mm 0 1mm; }
      .legend ul { columns: 4; font-size: 6pt; }
    }

    """
}
