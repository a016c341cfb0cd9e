import CalendarCore

extension EvalCSVRenderer {
    /// Rows of `days` from `start` on, until the end or until `out` holds a `DocumentChunk`
    /// (the stream passes it on); returns where it stopped. `index` counts the rows written.
    ///
    /// Why a pointer: each day is lent to `plainRow` where it lies in the array's storage.
    static func rows(_ days: [DayEvaluation], from start: Int, index: inout Int, report: EvalReport,
                     to out: inout [UInt8]) -> Int {
        var position = start
        guard report.hours == nil else {
            // Hours add columns only some days have; their rows are all written field by field.
            while position < days.endIndex {
                if position > start, out.count >= DocumentChunk.size { break }
                fieldwiseRow(days[position], index: index, report: report, to: &out)
                index += 1
                position += 1
            }
            return position
        }
        // Asked once a run, not per row: the ISO column then comes from each day's date.
        let gregorian = report.settings.system is GregorianCalendarSystem
        days.withUnsafeBufferPointer { days in
            while position < days.endIndex {
                if position > start, out.count >= DocumentChunk.size { break }
                if !plainRow(days.baseAddress! + position, report: report, gregorian: gregorian, to: &out) {
                    fieldwiseRow(days[position], index: index, report: report, to: &out)
                }
                index += 1
                position += 1
            }
        }
        return position
    }

    /// `plainRow` of a day held anywhere (tests).
    static func plainRow(_ result: DayEvaluation, report: EvalReport, to out: inout [UInt8]) -> Bool {
        let gregorian = report.settings.system is GregorianCalendarSystem
        return withUnsafePointer(to: result) { plainRow($0, report: report, gregorian: gregorian, to: &out) }
    }

    /// A row without hours whose texts all need no escaping, neutralising or quoting (nearly
    /// every row), written in one piece (`UnsafeRowWriter`): the same bytes `fieldwiseRow`
    /// writes. False, with nothing written, when a text is not plain.
    ///
    /// Why a pointer: the day is read a field at a time where it lies (the array's storage);
    /// passed by value, it was copied and destroyed for every row (a retain and a release of
    /// each of its strings, ~230 instructions a day).
    /// `gregorian`: the report's dates are Gregorian, so the ISO column is written from each date.
    static func plainRow(_ result: UnsafePointer<DayEvaluation>, report: EvalReport, gregorian: Bool,
                         to out: inout [UInt8]) -> Bool {
        let day = result.pointee.day, date = result.pointee.date
        // Patterns, not `== nil`: comparing an Equatable optional copied it (a whole Decoration).
        if case .allowed = result.pointee.select.verdict, case .allowed = result.pointee.deselect.verdict,
           case .none = result.pointee.decoration, case .none = result.pointee.decorationPolicyIndex,
           case .none = result.pointee.decorationPolicy, case .none = result.pointee.deselect.policyIndex,
           case .none = result.pointee.deselect.policy {
            // Nothing refused or decorated (most days): the twelve text columns are empty (eleven commas), and no
            // string is read (reading each retained and released it).
            return UnsafeRowWriter.append(to: &out, capacity: fixedCapacity) { row in
                fixedFields(day, date, gregorian: gregorian, selectAllowed: true, deselectAllowed: true, to: &row)
                row.put(",,,,,,,,,,,\n")
                return true
            }
        }
        // Each field is read into a local first: the row's closure then captures no
        // `DayEvaluation`, `Decision` or `Decoration` (copying one retained all its strings).
        var selectReason: String?, deselectReason: String?
        var selectAllowed = true, deselectAllowed = true
        if case .denied(let reason) = result.pointee.select.verdict { (selectReason, selectAllowed) = (reason, false) }
        if case .denied(let reason) = result.pointee.deselect.verdict {
            (deselectReason, deselectAllowed) = (reason, false)
        }
        // The deciding policy: the one that refused selecting, else deselecting (as `reason`).
        let policy = selectAllowed
            ? report.identity(result.pointee.deselect.policyIndex, name: result.pointee.deselect.policy)
            : report.identity(result.pointee.select.policyIndex, name: result.pointee.select.policy)
        let decorationPolicyIndex = result.pointee.decorationPolicyIndex
        let decorationPolicy = report.identity(decorationPolicyIndex, name: result.pointee.decorationPolicy)
        let kind = result.pointee.decoration?.kind, size = result.pointee.decoration?.size
        let label = result.pointee.decoration?.label, color = result.pointee.decoration?.color
        let image = result.pointee.decoration?.image
        let observedOf = result.pointee.decoration?.observedOf, estimated = result.pointee.decoration?.estimated == true
        // Then each text at its length (the reason is written twice), and the decoration's
        // kind and size.
        var capacity = fixedCapacity + 16
        capacity += 2 * length(selectReason ?? deselectReason) + length(selectReason) + length(deselectReason)
        capacity += length(policy) + length(decorationPolicy) + length(label) + length(color) + length(image)
            + length(observedOf) + 4
        return UnsafeRowWriter.append(to: &out, capacity: capacity) { row in
            fixedFields(day, date, gregorian: gregorian, selectAllowed: selectAllowed,
                        deselectAllowed: deselectAllowed, to: &row)
            // The reason column is the select or the deselect reason: written (and checked)
            // once, then copied into its own column.
            let reasonStart = row.position
            if let reason = selectReason ?? deselectReason { guard row.plainText(reason) else { return false } }
            let reasonCount = row.position - reasonStart
            row.byte(UInt8(ascii: ","))
            if let kind {
                switch kind {
                case .default: row.put("default")
                case .image: row.put("image")
                case .custom: row.put("custom")
                }
                row.byte(UInt8(ascii: ","))
                if let label { guard row.plainText(label) else { return false } }
                row.byte(UInt8(ascii: ","))
                if let color { guard row.plainText(color) else { return false } }
                row.byte(UInt8(ascii: ","))
                if let image { guard row.plainText(image) else { return false } }
                row.byte(UInt8(ascii: ","))
                switch size {
                case nil: break
                case .small: row.put("small")
                case .medium: row.put("medium")
                case .large: row.put("large")
                }
            } else {
                row.put(",,,,")
            }
            row.byte(UInt8(ascii: ","))
            if selectReason != nil { row.again(from: reasonStart, count: reasonCount) }
            row.byte(UInt8(ascii: ","))
            if let deselectReason {
                if selectReason == nil {
                    row.again(from: reasonStart, count: reasonCount)
                } else {
                    guard row.plainText(deselectReason) else { return false }
                }
            }
            row.byte(UInt8(ascii: ","))
            // The decorating policy is most often the deciding one (a holiday denied and
            // marked by one policy): an equal name is copied, not checked again (equal texts,
            // equal bytes, whichever policy it names).
            let policyStart = row.position
            if let policy { guard row.plainText(policy) else { return false } }
            let policyCount = row.position - policyStart
            row.byte(UInt8(ascii: ","))
            if let decorationPolicy {
                if let policy, policy == decorationPolicy {
                    row.again(from: policyStart, count: policyCount)
                } else {
                    guard row.plainText(decorationPolicy) else { return false }
                }
            }
            row.byte(UInt8(ascii: ","))
            if let observedOf { guard row.plainText(observedOf) else { return false } }
            row.byte(UInt8(ascii: ","))
            if estimated { row.put("true") }
            row.byte(UInt8(ascii: "\n"))
            return true
        }
    }

    private static func length(_ text: String?) -> Int { text?.utf8.count ?? 0 }

    /// The worst case of the fixed fields and the separators: the date, four integers, `L`, two
    /// booleans, 18 commas and the newline.
    static let fixedCapacity = Day.isoMaxByteCount + 4 * UnsafeRowWriter.integerMaxByteCount + 1 + 10 + 18 + 1

    /// `date,year,month,day,weekday,selectable,deselectable,` (the comma after each).
    @inline(__always)
    static func fixedFields(_ day: Day, _ date: CalendarDate, gregorian: Bool, selectAllowed: Bool,
                                    deselectAllowed: Bool, to row: inout UnsafeRowWriter) {
        if gregorian {
            row.gregorianDateColumns(day, date)
        } else {
            row.iso(day)
            row.byte(UInt8(ascii: ","))
            row.integer(date.year)
            row.byte(UInt8(ascii: ","))
            row.integer(date.month.month)
            if date.isLeapMonth { row.byte(UInt8(ascii: "L")) }
            row.byte(UInt8(ascii: ","))
            row.integer(date.day)
            row.byte(UInt8(ascii: ","))
        }
        row.integer(day.weekday)
        row.byte(UInt8(ascii: ","))
        row.bool(selectAllowed)
        row.byte(UInt8(ascii: ","))
        row.bool(deselectAllowed)
        row.byte(UInt8(ascii: ","))
    }
}
