import CalendarCore

extension DayLabeler {
    /// `label(for:)` as a JSON string, quotes included, written in pieces straight into bytes
    /// (for `eval --format json`: building the String per day cost ~4,000 instructions).
    /// `LabelJSONTests` hold it equal to `label(for:)` escaped.
    public func appendJSON(for result: DayEvaluation, to out: inout [UInt8]) {
        withUnsafePointer(to: result) { appendJSON(for: $0, to: &out) }
    }

    /// `appendJSON` of a day read where it lies (`UnsafeEvalJSONDayLine`), not copied.
    func appendJSON(for result: UnsafePointer<DayEvaluation>, to out: inout [UInt8]) {
        let reason = result.pointee.select.verdict.reason
        out.append(0x22)
        names.appendFullDate(result.pointee.day, jsonEscapedTo: &out)
        if result.pointee.select.isAllowed {
            out.append(contentsOf: escaped.separatorSelectable)
        } else {
            out.append(contentsOf: escaped.separatorNotSelectable)
            if let reason, !reason.isEmpty {
                out.append(contentsOf: escaped.colon)
                JSONWriter.escapeContents(reason, into: &out)
            }
        }
        if !result.pointee.deselect.isAllowed {
            out.append(contentsOf: escaped.separatorNotDeselectable)
            if let deselectReason = result.pointee.deselect.verdict.reason, !deselectReason.isEmpty, deselectReason != reason {
                out.append(contentsOf: escaped.colon)
                JSONWriter.escapeContents(deselectReason, into: &out)
            }
        }
        if let decoration = result.pointee.decoration {
            if let label = decoration.label {
                if label != reason, !label.isEmpty {
                    out.append(contentsOf: escaped.separator)
                    JSONWriter.escapeContents(label, into: &out)
                }
            } else {
                out.append(contentsOf: escaped.separatorDecorated)
            }
        }
        out.append(0x22)
    }

    /// `appendJSON` of a day allowed both ways and undecorated (the label of a line
    /// `EvalJSONDayLine.appendBare` writes): the full date and the selectable phrase.
    func appendSelectableJSON(_ day: Day, to out: inout [UInt8]) {
        out.append(0x22)
        names.appendFullDate(day, jsonEscapedTo: &out)
        out.append(contentsOf: escaped.separatorSelectable)
        out.append(0x22)
    }
}
