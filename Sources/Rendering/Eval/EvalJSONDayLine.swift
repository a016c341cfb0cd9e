import CalendarCore

/// One entry of `eval --format json`'s `days`, written straight into bytes exactly as
/// `JSONWriter` lays out `EvalJSONRenderer.day(_:in:labeler:)` (an object nested two deep at
/// most is one line: keys in order, `": "` and `", "` between them).
///
/// Why not the value tree: for 300 years the tree of every day (18 pairs, a decoration object)
/// and its generic walk were half of the whole run's instructions; the bytes are the same,
/// which `EvalJSONDayLineTests` holds over every shape a day can take.
enum EvalJSONDayLine {
    static func append(_ result: DayEvaluation, in report: EvalReport, labeler: DayLabeler, to out: inout [UInt8]) {
        put("{\"date\": \"", &out)
        result.day.appendISO(to: &out)
        put("\", \"year\": ", &out)
        integer(result.date.year, &out)
        put(", \"month\": ", &out)
        integer(result.date.month.month, &out)
        put(", \"day\": ", &out)
        integer(result.date.day, &out)
        put(", \"isLeapMonth\": ", &out)
        bool(result.date.isLeapMonth, &out)
        put(", \"weekday\": ", &out)
        integer(result.day.weekday, &out)
        put(", \"selectable\": ", &out)
        bool(result.select.isAllowed, &out)
        put(", \"deselectable\": ", &out)
        bool(result.deselect.isAllowed, &out)
        decision(result.select, line: result.lines.select, keys: (", \"reason\": ", ", \"policy\": ", ", \"line\": "),
                 report, &out)
        decision(result.deselect, line: result.lines.deselect,
                 keys: (", \"deselectReason\": ", ", \"deselectPolicy\": ", ", \"deselectLine\": "), report, &out)
        put(", \"decoration\": ", &out)
        if let decoration = result.decoration {
            put("{\"kind\": ", &out)
            JSONWriter.escape(decoration.kind.rawValue, into: &out)
            put(", \"label\": ", &out)
            optional(decoration.label, &out)
            put(", \"color\": ", &out)
            optional(decoration.color, &out)
            put(", \"image\": ", &out)
            optional(decoration.image, &out)
            put(", \"size\": ", &out)
            optional(decoration.size?.rawValue, &out)
            if let observedOf = decoration.observedOf {
                put(", \"observedOf\": ", &out)
                JSONWriter.escape(observedOf, into: &out)
            }
            if decoration.estimated == true { put(", \"estimated\": true", &out) }
            out.append(UInt8(ascii: "}"))
        } else {
            put("null", &out)
        }
        put(", \"decorationPolicy\": ", &out)
        optional(report.identity(result.decorationPolicyIndex, name: result.decorationPolicy), &out)
        put(", \"decorationLine\": ", &out)
        optional(result.lines.decoration, &out)
        put(", \"label\": ", &out)
        labeler.appendJSON(for: result, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// A decision's reason, deciding policy (by its index in the report) and deciding line.
    private static func decision(_ decision: PolicyStack.Decision, line: Int?, keys: (StaticString, StaticString, StaticString),
                                 _ report: EvalReport, _ out: inout [UInt8]) {
        put(keys.0, &out)
        optional(decision.verdict.reason, &out)
        put(keys.1, &out)
        optional(report.identity(decision.policyIndex, name: decision.policy), &out)
        put(keys.2, &out)
        optional(line, &out)
    }

    @inline(__always) private static func put(_ text: StaticString, _ out: inout [UInt8]) {
        JSONWriter.put(text, &out)
    }

    @inline(__always) private static func bool(_ flag: Bool, _ out: inout [UInt8]) {
        if flag { put("true", &out) } else { put("false", &out) }
    }

    private static func optional(_ text: String?, _ out: inout [UInt8]) {
        if let text { JSONWriter.escape(text, into: &out) } else { put("null", &out) }
    }

    private static func optional(_ number: Int?, _ out: inout [UInt8]) {
        if let number { integer(number, &out) } else { put("null", &out) }
    }

    /// Decimal text as `String(Int)` writes it.
    private static func integer(_ value: Int, _ out: inout [UInt8]) {
        CSVWriter.appendInteger(value, to: &out)
    }
}
