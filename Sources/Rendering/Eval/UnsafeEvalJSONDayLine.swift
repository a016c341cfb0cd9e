import CalendarCore

/// One entry of `eval --format json`'s `days`, written straight into bytes exactly as
/// `JSONWriter` lays out `EvalJSONRenderer.day(_:in:labeler:)` (an object nested two deep at
/// most is one line: keys in order, `": "` and `", "` between them).
///
/// Why not the value tree: for 300 years the tree of every day (18 pairs, a decoration object)
/// and its generic walk were half of the whole run's instructions; the bytes are the same,
/// which `EvalJSONDayLineTests` holds over every shape a day can take.
enum EvalJSONDayLine {
    /// `append` of a day held anywhere (tests, a report with hours).
    static func append(_ result: DayEvaluation, in report: EvalReport, labeler: DayLabeler, gregorian: Bool = false,
                       to out: inout [UInt8]) {
        withUnsafePointer(to: result) { append($0, in: report, labeler: labeler, gregorian: gregorian, to: &out) }
    }

    /// `gregorian`: the report's dates are Gregorian, so the ISO date is written from the day's
    /// date (no second civil conversion; see `Day.writeISO(year:month:day:to:)`).
    ///
    /// Why a pointer: the day is read a field at a time where it lies (the run's storage);
    /// passed by value out of that storage it was copied (a retain of every text) and the copy
    /// destroyed, ~250 instructions a day.
    static func append(_ result: UnsafePointer<DayEvaluation>, in report: EvalReport, labeler: DayLabeler,
                       gregorian: Bool, to out: inout [UInt8]) {
        let day = result.pointee.day, date = result.pointee.date
        let selectAllowed = result.pointee.select.isAllowed, deselectAllowed = result.pointee.deselect.isAllowed
        // Nothing refused, decorated or traced to a line (most days): every key up to `label` is
        // null. Patterns, not `== nil`: comparing an Equatable optional copied it.
        var bare = false
        if case .allowed = result.pointee.select.verdict, case .allowed = result.pointee.deselect.verdict,
           case .none = result.pointee.select.policyIndex, case .none = result.pointee.select.policy,
           case .none = result.pointee.deselect.policyIndex, case .none = result.pointee.deselect.policy,
           case .none = result.pointee.decoration, case .none = result.pointee.decorationPolicyIndex,
           case .none = result.pointee.decorationPolicy, case .none = result.pointee.lines.select,
           case .none = result.pointee.lines.deselect, case .none = result.pointee.lines.decoration {
            bare = true
        }
        // The fixed keys in one piece (`UnsafeRowWriter`): one append instead of one per key,
        // number and date.
        _ = UnsafeRowWriter.append(to: &out, capacity: headCapacity + bareTail.utf8CodeUnitCount + 11) { line in
            line.put("{\"date\": \"")
            if gregorian { line.iso(day, gregorian: date) } else { line.iso(day) }
            line.put("\", \"year\": ")
            line.integer(date.year)
            line.put(", \"month\": ")
            line.integer(date.month.month)
            line.put(", \"day\": ")
            line.integer(date.day)
            line.put(", \"isLeapMonth\": ")
            line.bool(date.isLeapMonth)
            line.put(", \"weekday\": ")
            line.integer(day.weekday)
            line.put(", \"selectable\": ")
            line.bool(selectAllowed)
            line.put(", \"deselectable\": ")
            line.bool(deselectAllowed)
            if bare {
                line.put(bareTail)
                line.put(", \"label\": ")
            }
            return true
        }
        if bare {
            labeler.appendJSON(for: result, to: &out)
            out.append(UInt8(ascii: "}"))
            return
        }
        decision(result.pointee.select, line: result.pointee.lines.select, keys: (", \"reason\": ", ", \"policy\": ", ", \"line\": "),
                 report, &out)
        decision(result.pointee.deselect, line: result.pointee.lines.deselect,
                 keys: (", \"deselectReason\": ", ", \"deselectPolicy\": ", ", \"deselectLine\": "), report, &out)
        put(", \"decoration\": ", &out)
        if let decoration = result.pointee.decoration {
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
        optional(report.identity(result.pointee.decorationPolicyIndex, name: result.pointee.decorationPolicy), &out)
        put(", \"decorationLine\": ", &out)
        optional(result.pointee.lines.decoration, &out)
        put(", \"label\": ", &out)
        labeler.appendJSON(for: result, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// What `append` writes from `reason` to `decorationLine` for a day nothing refused,
    /// decorated or traced to a line.
    static let bareTail: StaticString = """
        , "reason": null, "policy": null, "line": null, "deselectReason": null, "deselectPolicy": null, \
        "deselectLine": null, "decoration": null, "decorationPolicy": null, "decorationLine": null
        """

    /// The longest the keys from `date` to `deselectable` are: their text (105 bytes), the
    /// date, four integers and three booleans.
    static let headCapacity = 105 + Day.isoMaxByteCount + 4 * UnsafeRowWriter.integerMaxByteCount + 3 * 5

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
