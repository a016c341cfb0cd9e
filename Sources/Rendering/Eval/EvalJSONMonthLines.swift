import CalendarCore

/// One entry of `eval --format json`'s `months`, written straight into bytes exactly as
/// `JSONWriter` lays out `EvalJSONRenderer.month(named:grid:settings:span:)` four spaces deep:
/// the month's fields one per line, `weekNumbers` on one line, `weeks` a row per line.
///
/// Why not the value tree: a month's tree holds 42 cell objects, and the writer's walk of it
/// (asking at each level whether what is below nests too deep for one line) cost about
/// 260,000 instructions a month, a quarter of a 300-year JSON run; the bytes are the same, which
/// `EvalJSONMonthLinesTests` holds over calendars, spans and eras.
enum EvalJSONMonthLines {
    static func append(_ month: CalendarMonth, grid: MonthGrid, name: String, span: DaySpan, to out: inout [UInt8]) {
        put("{\n      \"year\": ", &out)
        CSVWriter.appendInteger(month.year, to: &out)
        put(",\n      \"month\": ", &out)
        CSVWriter.appendInteger(month.month, to: &out)
        put(",\n      \"isLeapMonth\": ", &out)
        put(month.isLeapMonth ? "true" : "false", &out)
        put(",\n      \"era\": ", &out)
        if let era = month.era { CSVWriter.appendInteger(era, to: &out) } else { put("null", &out) }
        put(",\n      \"name\": ", &out)
        JSONWriter.escape(name, into: &out)
        put(",\n      \"weekNumbers\": ", &out)
        if grid.rows.isEmpty {
            put("[]", &out)
        } else {
            out.append(UInt8(ascii: "["))
            for (index, row) in grid.rows.enumerated() {
                if index > 0 { put(", ", &out) }
                CSVWriter.appendInteger(row.weekNumber, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        put(",\n      \"weeks\": ", &out)
        if grid.rows.isEmpty {
            put("[]", &out)
        } else {
            put("[\n", &out)
            let last = grid.rows.count - 1
            for (index, row) in grid.rows.enumerated() {
                put("        ", &out)
                cells(row.cells, span: span, &out)
                put(index < last ? ",\n" : "\n", &out)
            }
            put("      ]", &out)
        }
        put("\n    }", &out)
    }

    /// A row: its cells on one line (`[]` when it has none).
    private static func cells(_ cells: [MonthGrid.Cell], span: DaySpan, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, cell) in cells.enumerated() {
            if index > 0 { put(", ", &out) }
            put("{\"date\": \"", &out)
            cell.day.appendISO(to: &out)
            put("\", \"day\": ", &out)
            CSVWriter.appendInteger(cell.dayOfMonth, to: &out)
            put(", \"inMonth\": ", &out)
            put(cell.isInMonth ? "true" : "false", &out)
            put(", \"inSpan\": ", &out)
            put(span.contains(cell.day) ? "true}" : "false}", &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    @inline(__always) private static func put(_ text: StaticString, _ out: inout [UInt8]) {
        JSONWriter.put(text, &out)
    }
}
