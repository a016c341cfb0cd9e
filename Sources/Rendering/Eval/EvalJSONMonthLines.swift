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
        // `rows` is computed: built once here, not at each of its four uses.
        let rows = grid.rows
        if rows.isEmpty {
            put("[]", &out)
        } else {
            out.append(UInt8(ascii: "["))
            for (index, row) in rows.enumerated() {
                if index > 0 { put(", ", &out) }
                CSVWriter.appendInteger(row.weekNumber, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        put(",\n      \"weeks\": ", &out)
        if rows.isEmpty {
            put("[]", &out)
        } else {
            put("[\n", &out)
            let last = rows.count - 1
            // The cells' Gregorian dates follow one another (a row's, and a row's next): most
            // are the one before plus a day, not a civil conversion each.
            var dates = ConsecutiveDates(GregorianCalendarSystem())
            for (index, row) in rows.enumerated() {
                cells(row.cells, span: span, dates: &dates, last: index == last, &out)
            }
            put("      ]", &out)
        }
        put("\n    }", &out)
    }

    /// A row: its cells on one line (`[]` when it has none) with its indent and the separator
    /// after it, all written through one pointer (`UnsafeRowWriter`): seven appends of a few
    /// bytes each cost ~1,000 instructions a cell, 42 cells a month; an append per cell, ~100.
    private static func cells(_ cells: [MonthGrid.Cell], span: DaySpan, dates: inout ConsecutiveDates, last: Bool,
                              _ out: inout [UInt8]) {
        _ = UnsafeRowWriter.append(to: &out, capacity: 12 + cells.count * cellCapacity) { row in
            row.put("        [")
            for (index, cell) in cells.enumerated() {
                if index > 0 { row.put(", ") }
                row.put("{\"date\": \"")
                row.iso(cell.day, gregorian: dates.date(of: cell.day))
                row.put("\", \"day\": ")
                row.integer(cell.dayOfMonth)
                row.put(", \"inMonth\": ")
                row.bool(cell.isInMonth)
                row.put(", \"inSpan\": ")
                row.bool(span.contains(cell.day))
                row.byte(UInt8(ascii: "}"))
            }
            row.byte(UInt8(ascii: "]"))
            if last { row.byte(0x0A) } else { row.put(",\n") }
            return true
        }
    }

    /// A cell's longest text: its fixed keys (61 bytes with the separator), a date and an integer.
    private static let cellCapacity = 64 + Day.isoMaxByteCount + UnsafeRowWriter.integerMaxByteCount

    @inline(__always) private static func put(_ text: StaticString, _ out: inout [UInt8]) {
        JSONWriter.put(text, &out)
    }
}
