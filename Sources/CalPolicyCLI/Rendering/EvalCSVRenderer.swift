import CalendarCore

/// `eval --format csv`: one row per day, columns as agreed in the API contract.
enum EvalCSVRenderer {
    static let header = ["date", "year", "month", "day", "weekday", "selectable", "deselectable", "reason",
                         "decoration_kind", "decoration_label", "decoration_color", "decoration_image",
                         "decoration_size"]

    static func render(_ report: EvalReport) -> String {
        var out = CSVWriter.row(header)
        for result in report.days {
            let decoration = result.decoration
            out += CSVWriter.row([
                result.day.iso,
                String(result.date.year),
                String(result.date.month.month) + (result.date.isLeapMonth ? "L" : ""),
                String(result.date.day),
                String(result.day.weekday),
                String(result.select.isAllowed),
                String(result.deselect.isAllowed),
                result.select.verdict.reason ?? result.deselect.verdict.reason ?? "",
                decoration?.kind.rawValue ?? "",
                decoration?.label ?? "",
                decoration?.color ?? "",
                decoration?.image ?? "",
                decoration?.size?.rawValue ?? "",
            ])
        }
        return out
    }
}
