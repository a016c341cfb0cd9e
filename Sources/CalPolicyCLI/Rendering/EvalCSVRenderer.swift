import CalendarCore

/// `eval --format csv`: one row per day, columns as agreed in the API contract.
enum EvalCSVRenderer {
    static let header = ["date", "year", "month", "day", "weekday", "selectable", "deselectable", "reason",
                         "decoration_kind", "decoration_label", "decoration_color", "decoration_image",
                         "decoration_size"]

    static func render(_ report: EvalReport) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((report.days.count + 1) * 64)
        CSVWriter.append(header, to: &out)
        for result in report.days {
            let decoration = result.decoration
            CSVWriter.append([
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
            ], to: &out)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
