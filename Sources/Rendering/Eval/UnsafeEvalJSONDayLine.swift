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
            head(day, date: date, gregorian: gregorian, selectable: selectAllowed, deselectable: deselectAllowed,
                 to: &line)
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
        // Every key from `reason` to `label` in one region too: the texts escaped into it
        // (`jsonString`), the region sized for each escaped to six bytes a byte. Appended a key
        // at a time, a refused or decorated day cost ~1,400 instructions in appends.
        let select = result.pointee.select, deselect = result.pointee.deselect
        let policy = report.identity(select.policyIndex, name: select.policy)
        let deselectPolicy = report.identity(deselect.policyIndex, name: deselect.policy)
        let decorationPolicy = report.identity(result.pointee.decorationPolicyIndex, name: result.pointee.decorationPolicy)
        let decoration = result.pointee.decoration
        let lines = result.pointee.lines
        var textBytes = (select.verdict.reason?.utf8.count ?? 0) + (policy?.utf8.count ?? 0)
            + (deselect.verdict.reason?.utf8.count ?? 0) + (deselectPolicy?.utf8.count ?? 0)
            + (decorationPolicy?.utf8.count ?? 0)
        if let decoration {
            textBytes += decoration.kind.rawValue.utf8.count + (decoration.label?.utf8.count ?? 0)
                + (decoration.color?.utf8.count ?? 0) + (decoration.image?.utf8.count ?? 0)
                + (decoration.size?.rawValue.utf8.count ?? 0) + (decoration.observedOf?.utf8.count ?? 0)
        }
        let capacity = recordKeysCapacity + UnsafeRowWriter.jsonStringCapacity(textBytes, strings: 11)
        _ = UnsafeRowWriter.append(to: &out, capacity: capacity) { line in
            line.member(", \"reason\": ", string: select.verdict.reason)
            line.member(", \"policy\": ", string: policy)
            line.member(", \"line\": ", integer: lines.select)
            line.member(", \"deselectReason\": ", string: deselect.verdict.reason)
            line.member(", \"deselectPolicy\": ", string: deselectPolicy)
            line.member(", \"deselectLine\": ", integer: lines.deselect)
            line.put(", \"decoration\": ")
            if let decoration {
                line.member("{\"kind\": ", string: decoration.kind.rawValue)
                line.member(", \"label\": ", string: decoration.label)
                line.member(", \"color\": ", string: decoration.color)
                line.member(", \"image\": ", string: decoration.image)
                line.member(", \"size\": ", string: decoration.size?.rawValue)
                if let observedOf = decoration.observedOf {
                    line.member(", \"observedOf\": ", string: observedOf)
                }
                if decoration.estimated == true { line.put(", \"estimated\": true") }
                line.byte(UInt8(ascii: "}"))
            } else {
                line.put("null")
            }
            line.member(", \"decorationPolicy\": ", string: decorationPolicy)
            line.member(", \"decorationLine\": ", integer: lines.decoration)
            line.put(", \"label\": ")
            return true
        }
        labeler.appendJSON(for: result, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The keys `append` writes from `reason` to `label` besides the texts: their text (about
    /// 250 bytes with `observedOf` and `estimated`) and three integers or `null`s.
    private static let recordKeysCapacity = 320 + 3 * UnsafeRowWriter.integerMaxByteCount

    /// The line of a day that holds nothing (`PolicyStack.Outcome.holdsNothing`: allowed both
    /// ways, undecorated, no policy named, so no deciding line either), from its day and date
    /// alone, after `separator`: the bytes `append` writes for such a day's record. With the
    /// built-in English names in the Gregorian calendar (`englishLabel`) the label is written
    /// in the same region from `date` (no second civil conversion, one append for the line).
    static func appendBare(_ day: Day, date: CalendarDate, separator: StaticString, gregorian: Bool,
                           englishLabel: Bool, labeler: DayLabeler, to out: inout [UInt8]) {
        let selectable = labeler.escaped.separatorSelectable
        let capacity = separator.utf8CodeUnitCount + headCapacity + bareTail.utf8CodeUnitCount + 11
            + englishLabelCapacity + selectable.count + 2
        _ = UnsafeRowWriter.append(to: &out, capacity: capacity) { line in
            line.put(separator)
            head(day, date: date, gregorian: gregorian, selectable: true, deselectable: true, to: &line)
            line.put(bareTail)
            line.put(", \"label\": ")
            guard englishLabel else { return true }
            line.byte(0x22)
            line.englishFullDate(weekday: day.weekday, year: date.year, month: date.month.month, day: date.day)
            line.bytes(selectable)
            line.byte(0x22)
            line.byte(UInt8(ascii: "}"))
            return true
        }
        guard !englishLabel else { return }
        labeler.appendSelectableJSON(day, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// The keys from `date` to `deselectable`.
    @inline(__always)
    private static func head(_ day: Day, date: CalendarDate, gregorian: Bool, selectable: Bool, deselectable: Bool,
                             to line: inout UnsafeRowWriter) {
        line.put("{\"date\": \"")
        if gregorian { line.iso(day, gregorian: date) } else { line.iso(day) }
        line.member("\", \"year\": ", integer: date.year)
        line.member(", \"month\": ", integer: date.month.month)
        line.member(", \"day\": ", integer: date.day)
        line.member(", \"isLeapMonth\": ", bool: date.isLeapMonth)
        line.member(", \"weekday\": ", integer: day.weekday)
        line.member(", \"selectable\": ", bool: selectable)
        line.member(", \"deselectable\": ", bool: deselectable)
    }

    /// The longest English full date `appendBare` writes between the label's quotes, before the
    /// phrase.
    static let englishLabelCapacity = UnsafeRowWriter.englishFullDateMaxByteCount

    /// What `append` writes from `reason` to `decorationLine` for a day nothing refused,
    /// decorated or traced to a line.
    static let bareTail: StaticString = """
        , "reason": null, "policy": null, "line": null, "deselectReason": null, "deselectPolicy": null, \
        "deselectLine": null, "decoration": null, "decorationPolicy": null, "decorationLine": null
        """

    /// The longest the keys from `date` to `deselectable` are: their text (105 bytes), the
    /// date, four integers and three booleans.
    static let headCapacity = 105 + Day.isoMaxByteCount + 4 * UnsafeRowWriter.integerMaxByteCount + 3 * 5
}
