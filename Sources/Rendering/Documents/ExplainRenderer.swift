import CalendarCore
import PolicyEngine

/// `explain` output: each policy's answers for one day, in stack order, with the
/// file:line of the `return` that gave each answer.
public enum ExplainRenderer {
    private static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    private static func place(_ answer: PolicyAnswer, _ line: Int?) -> String {
        line.map { "\(answer.path):\($0)" } ?? "-"
    }

    private static func verdict(_ verdict: Verdict) -> String {
        switch verdict {
        case .allowed: "allowed"
        case .denied(let reason): "denied" + (reason.map { " '\($0)'" } ?? "")
        }
    }

    private static func decoration(_ decoration: Decoration?) -> String {
        guard let decoration else { return "none" }
        return decoration.kind.rawValue + (decoration.label.map { " '\($0)'" } ?? "")
            + (decoration.observedOf.map { " (observed for \($0))" } ?? "") + (decoration.estimated == true ? " (estimated)" : "")
    }

    /// - Parameter weekdayNames: the seven full weekday names from Sunday, in the locale
    ///   asked for (`--locale`); English without them.
    /// - Parameter selection: the days selected when the policies were asked, shown under
    ///   the heading when there are any.
    public static func text(_ e: PolicyExplanation, weekdayNames: [String]? = nil, selection: [Day] = []) -> String {
        let names = weekdayNames.flatMap { $0.count == 7 ? $0 : nil } ?? weekdays
        var lines = ["\(e.day.iso) (\(names[(e.day.weekday - 1) % 7]))"]
        if !selection.isEmpty {
            lines.append("selection: " + selection.map(\.iso).joined(separator: ", "))
        }
        for (index, answer) in e.answers.enumerated() {
            lines.append("\(index + 1). \(answer.path)")
            if let scope = answer.scope { lines.append("   " + TerminalText.escape(scope)) }
            lines.append("   canSelect      \(pad(verdict(answer.canSelect)))  \(place(answer, answer.canSelectLine))")
            lines.append("   canDeselect    \(pad(verdict(answer.canDeselect)))  \(place(answer, answer.canDeselectLine))")
            lines.append("   decorationFor  \(pad(decoration(answer.decoration)))  \(place(answer, answer.decorationLine))")
            if let hours = answer.hours {
                lines.append("   hoursFor       \(pad(hoursText(hours, zone: answer.zone)))  \(place(answer, answer.hoursLine))")
            }
        }
        var result: [String] = []
        if let decider = e.selectDecider {
            result.append("denied by \(decider.policy) at \(place(decider, decider.canSelectLine))")
        } else {
            result.append("selectable")
        }
        if let decider = e.deselectDecider {
            result.append("not deselectable by \(decider.policy) at \(place(decider, decider.canDeselectLine))")
        }
        if let decider = e.decorationDecider {
            result.append("decoration from \(decider.policy) at \(place(decider, decider.decorationLine))")
        }
        lines.append("result: " + result.joined(separator: "; "))
        // Escaped with the rest below: one override, one line.
        for override in e.overrides {
            lines.append(String(OverrideRenderer.windowLine(override, zone: .utc).dropFirst(2)) + " (gate opens what it lifts then)")
        }
        return lines.map(TerminalText.escape).joined(separator: "\n") + "\n"
    }

    /// "closed 15:00–24:00 'no Friday deploys' (America/New_York)", or "open all day".
    private static func hoursText(_ hours: [ClosedHours], zone: String?) -> String {
        guard !hours.isEmpty else { return "open all day" }
        var text = "closed "
        for (index, piece) in hours.enumerated() {
            text += (index == 0 ? "" : ", ") + ClosedHours.wall(piece.from) + "–" + ClosedHours.wall(piece.to)
                + (piece.reason.map { " '\($0)'" } ?? "")
        }
        return text + (zone.map { " (\($0))" } ?? "")
    }

    private static func hoursJSON(_ answer: PolicyAnswer) -> JSONValue {
        .object([
            ("zone", .optional(answer.zone)),
            ("closed", .array((answer.hours ?? []).map { piece in
                .object([("from", .string(ClosedHours.wall(piece.from))), ("to", .string(ClosedHours.wall(piece.to))),
                         ("reason", .optional(piece.reason))])
            })),
            ("line", .line(answer.hoursLine)),
        ])
    }

    private static func pad(_ text: String) -> String {
        text.count >= 32 ? text : text + String(repeating: " ", count: 32 - text.count)
    }

    private static func verdictJSON(_ verdict: Verdict, _ line: Int?) -> JSONValue {
        .object([("allowed", .bool(verdict.isAllowed)), ("reason", .optional(verdict.reason)), ("line", .line(line))])
    }

    private static func decider(_ answer: PolicyAnswer?, _ line: Int?) -> JSONValue {
        guard let answer else { return .null }
        return .object([("policy", .string(PolicyIdentity.tidy(answer.path))), ("file", .string(answer.path)),
                        ("line", .line(line))])
    }

    public static func json(_ e: PolicyExplanation) -> String {
        var head: [(String, JSONValue)] = [
            ("date", .string(e.day.iso)),
            ("selectable", .bool(e.selectable)),
            ("deselectable", .bool(e.deselectable)),
            ("decidedSelect", decider(e.selectDecider, e.selectDecider?.canSelectLine)),
            ("decidedDeselect", decider(e.deselectDecider, e.deselectDecider?.canDeselectLine)),
            ("decidedDecoration", decider(e.decorationDecider, e.decorationDecider?.decorationLine)),
        ]
        // Only with an override meeting the day: other explanations keep their bytes.
        if !e.overrides.isEmpty { head.append(("overrides", .array(e.overrides.map { OverrideRenderer.window($0, zone: .utc) }))) }
        return JSONRecordDocument.write(fields: head, listKey: "policies", records: e.answers.map { answer in
            var fields: [(String, JSONValue)] = [
                ("policy", .string(PolicyIdentity.tidy(answer.path))),
                ("file", .string(answer.path)),
                ("canSelect", verdictJSON(answer.canSelect, answer.canSelectLine)),
                ("canDeselect", verdictJSON(answer.canDeselect, answer.canDeselectLine)),
                ("decoration", .object([("value", .decoration(answer.decoration)),
                                        ("line", .line(answer.decorationLine))])),
            ]
            // Only a policy with hoursFor has the key: other explanations keep their bytes.
            if answer.hours != nil { fields.append(("hours", hoursJSON(answer))) }
            // Only a scoped policy has the key, for the same reason.
            if let scope = answer.scope { fields.append(("scope", .string(scope))) }
            return .object(fields)
        })
    }
}
