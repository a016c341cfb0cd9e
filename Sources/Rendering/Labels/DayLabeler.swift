import CalendarCore

/// A day's accessible label, as `eval --format json` (`label`) and the HTML page give it:
/// the full date in the locale and calendar, then whether it may be selected and why not,
/// whether it may not be deselected once selected, then the decoration's label when it says something the reason does not:
/// `Friday, December 25, 2026, not selectable: Christmas Day`.
///
/// Built only by the renderers that show labels, never while days are evaluated.
public struct DayLabeler: Sendable {
    public let names: DisplayNames
    public let phrases: LabelPhrases
    /// The phrases as JSON string contents, escaped once: a JSON line per day appended them
    /// escaped afresh (~290 instructions each, three to five a day).
    let escaped: EscapedPhrases

    public init(names: DisplayNames) {
        self.names = names
        self.phrases = LabelPhrases.forLanguage(names.language)
        self.escaped = EscapedPhrases(phrases)
    }

    struct EscapedPhrases: Sendable {
        let separatorSelectable, separatorNotSelectable, colon, separatorNotDeselectable, separator,
            separatorDecorated: [UInt8]

        init(_ phrases: LabelPhrases) {
            func escape(_ text: String) -> [UInt8] {
                var out: [UInt8] = []
                JSONWriter.escapeContents(text, into: &out)
                return out
            }
            separatorSelectable = escape(phrases.separator + phrases.selectable)
            separatorNotSelectable = escape(phrases.separator + phrases.notSelectable)
            colon = escape(phrases.colon)
            separatorNotDeselectable = escape(phrases.separator + phrases.notDeselectable)
            separator = escape(phrases.separator)
            separatorDecorated = escape(phrases.separator + phrases.decorated)
        }
    }

    public func label(for result: DayEvaluation) -> String {
        label(day: result.day, selectable: result.select.isAllowed, reason: result.select.verdict.reason,
              deselectable: result.deselect.isAllowed, deselectReason: result.deselect.verdict.reason,
              decoration: result.decoration)
    }

    /// A day that may be selected but not deselected adds `cannot be deselected: <reason>`
    /// (the reason left out when it is the selection's own).
    public func label(day: Day, selectable: Bool, reason: String?, deselectable: Bool = true,
                      deselectReason: String? = nil, decoration: Decoration?) -> String {
        var text = names.fullDate(day)
        text += phrases.separator
        text += verdict(selectable: selectable, reason: reason)
        if !deselectable {
            text += phrases.separator + phrases.notDeselectable
            if let deselectReason, !deselectReason.isEmpty, deselectReason != reason {
                text += phrases.colon + deselectReason
            }
        }
        if let decoration {
            if let label = decoration.label {
                if label != reason, !label.isEmpty { text += phrases.separator + label }
            } else {
                text += phrases.separator + phrases.decorated
            }
        }
        return text
    }


    /// `selectable`, or `not selectable: <reason>` (without a reason, `not selectable`).
    public func verdict(selectable: Bool, reason: String?) -> String {
        if selectable { return phrases.selectable }
        guard let reason, !reason.isEmpty else { return phrases.notSelectable }
        return phrases.notSelectable + phrases.colon + reason
    }
}
