import CalendarCore

/// `eval` text output, laid out like `cal`: one block per month, three side by side
/// for a year. Each cell is the day number and one mark column: `*` decorated,
/// `!` denied, `#` both, `~` may not be deselected, `x` closed all day by hours (a policy's
/// hoursFor, or a day another policy's zone closes whole), `%` closed for part of the day. A
/// legend below lists the marked days and each run of closed time with its hours and zone.
public struct TextCalendarRenderer {
    public let report: EvalReport
    public let weekNumbers: Bool
    public let color: Bool
    public let verbose: Bool
    public let legend: LegendStyle

    public init(report: EvalReport, weekNumbers: Bool, color: Bool, verbose: Bool, legend: LegendStyle = .short) {
        (self.report, self.weekNumbers, self.color, self.verbose) = (report, weekNumbers, color, verbose)
        self.legend = legend
    }

    static let monthsPerRow = 3

    public func render() -> String {
        let blocks = report.span.weekStrip.map { [block(for: $0)] }
            ?? report.grids.map { block(for: $0.month, grid: $0.grid) }
        // Built by appending rather than with `joined(separator:)`: the standard library's
        // unspecialised join looks up a conformance at run time on first use, a scan of
        // every conformance in the static binary that cost ~0.2 M instructions per run.
        var out = ""
        var index = 0
        while index < blocks.count {
            let row = blocks[index..<min(index + TextCalendarRenderer.monthsPerRow, blocks.count)]
            if index > 0 { out += "\n" }
            let height = row.map { $0.count }.max() ?? 0 // a closure: the key path was built at run time (27 k instructions)
            for line in 0..<height {
                var text = ""
                for (column, block) in row.enumerated() {
                    if column > 0 { text += "  " }
                    text += line < block.count ? block[line] : blankLine
                }
                out += trimmingTrailingSpaces(text)
                out += "\n"
            }
            index += TextCalendarRenderer.monthsPerRow
        }
        let legend = LegendRenderer(report: report, verbose: verbose, style: legend).render()
        if !legend.isEmpty { out += "\n" + legend }
        let overrides = report.overrides
        if !overrides.isEmpty {
            out += "\n"
            let zone = report.hours?.zone ?? .utc
            for override in overrides { out += OverrideRenderer.windowLine(override, zone: zone) + "\n" }
        }
        return out
    }

    private var prefixWidth: Int { weekNumbers ? 3 : 0 }
    private var blockWidth: Int { prefixWidth + 21 }
    private var blankLine: String { String(repeating: " ", count: blockWidth) }

    /// A `--week` strip: its identifier as the title, the weekday names, one row of seven days
    /// (numbered in the displayed calendar).
    private func block(for strip: WeekStrip) -> [String] {
        var lines = [String(repeating: " ", count: prefixWidth) + DisplayWidth.center(strip.identifier, width: 20) + " ",
                     header]
        var line = weekNumbers ? String(strip.weekNumber).leftPadded(2, with: " ") + " " : ""
        for day in strip.span {
            line += render(day, number: report.settings.system.date(of: day).day)
        }
        lines.append(line)
        return lines
    }

    /// The weekday names over the columns (after `wk ` with week numbers).
    private var header: String {
        let settings = report.settings
        let symbols = TextCalendarRenderer.headerSymbols(settings.names)
        var header = weekNumbers ? "wk " : ""
        for column in 0..<7 {
            let weekday = (settings.firstWeekday - 1 + column) % 7
            let symbol = symbols.indices.contains(weekday) ? symbols[weekday] : ""
            header += DisplayWidth.fit(symbol, width: 2) + " "
        }
        return header
    }

    private func block(for month: CalendarMonth, grid: MonthGrid) -> [String] {
        let settings = report.settings
        // Centred over the 20 columns of the days; a title of 21 takes the block's last
        // column too, a longer one its compact form (`Leap 11th Month 2033`) if it has one.
        var text = settings.names.monthTitle(month)
        if DisplayWidth.of(text) > 21, let compact = settings.names.compactMonthTitle(month) { text = compact }
        let title = DisplayWidth.of(text) == 21 ? text : DisplayWidth.center(text, width: 20) + " "
        var lines = [String(repeating: " ", count: prefixWidth) + title]
        lines.append(header)
        for row in grid.rows {
            // A short span leaves out the weeks it does not touch.
            if !row.cells.contains(where: { report.span.days.contains($0.day) }) { continue }
            var line = weekNumbers ? String(row.weekNumber).leftPadded(2, with: " ") + " " : ""
            for cell in row.cells { line += render(cell) }
            lines.append(line)
        }
        return lines
    }

    /// Two-column weekday names: the short names cut to two columns when that keeps
    /// them distinct (`Su Mo`), else the very short ones (Hebrew `א׳ ב׳`, where every
    /// short name starts with "יום").
    static func headerSymbols(_ names: DisplayNames) -> [String] {
        let cut = names.weekdaySymbols(style: .short).map { DisplayWidth.fit($0, width: 2) }
        if Set(cut).count == 7 { return cut }
        let veryShort = names.weekdaySymbols(style: .veryShort).map { DisplayWidth.fit($0, width: 2) }
        return Set(veryShort).count == 7 ? veryShort : cut
    }

    private func render(_ cell: MonthGrid.Cell) -> String {
        guard cell.isInMonth else { return "   " }
        return render(cell.day, number: cell.dayOfMonth)
    }

    /// A day's number and mark; a day outside the evaluated span (a short `--from/--to`)
    /// is drawn blank like a day outside the month, so it never looks selectable.
    private func render(_ day: Day, number dayOfMonth: Int) -> String {
        guard let result = report.evaluation(of: day) else { return "   " }
        let number = String(dayOfMonth).leftPadded(2, with: " ")
        let mark = LegendRenderer.mark(for: result, partlyClosed: report.isPartlyClosed(day),
                                       closedAllDay: report.isClosedAllDay(day))
        guard color else { return number + mark }
        var style = ""
        if let decoration = result.decoration {
            style += ANSI.bold + ANSI.foreground(for: decoration.color)
        } else if result.isDenied || report.isClosedAllDay(day) {
            style += ANSI.dim
        }
        if day == report.settings.today { style += ANSI.reverse }
        return style.isEmpty ? number + mark : style + number + ANSI.reset + mark
    }

    /// By UTF-8 bytes, not Characters: asking `last` breaks graphemes from the end each time
    /// (24 K instructions for a month's seven lines). A space byte is always a whole scalar, and
    /// no line here ends in a prepended mark that a space would join.
    private func trimmingTrailingSpaces(_ line: String) -> String {
        let utf8 = line.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x20 { end = utf8.index(before: end) }
        return end == utf8.endIndex ? line : String(Substring(utf8[..<end]))
    }
}
