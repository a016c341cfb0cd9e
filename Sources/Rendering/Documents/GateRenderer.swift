import CalendarCore

/// `gate`'s documents: the state at an instant as JSON (`gate --format json`, `GET /v1/gate`)
/// or as one line of text, and a batch of them (`gate --batch`), one answer a line. Instants
/// are written in the stack's zone with their offsets; a closing policy is named by the
/// argument that gave it (`policies`, in stack order).
public enum GateRenderer {
    /// `{"at", "timeZone", "open", "reason", "policy", "until"}`.
    public static func json(_ state: GateState, zone: ZoneWallTime, policies: [String]) -> JSONValue {
        let closing = state.closing
        var fields: [(String, JSONValue)] = [
            ("at", .string(zone.iso(state.instant))),
            ("timeZone", .string(zone.identifier)),
            ("open", .bool(!state.isClosed)),
            ("reason", closing?.reason.map(JSONValue.string) ?? .null),
            ("policy", closing.map { .optional(policyName($0.policyIndex, policies)) } ?? .null),
            ("until", state.until.map { .string(zone.iso($0)) } ?? .null),
        ]
        // Only when an override is active for the question: answers without one are unchanged.
        if let note = state.override { fields.append(("override", OverrideRenderer.note(note, zone: zone))) }
        return .object(fields)
    }

    /// One line: "closed until 2027-01-05T09:00:00+01:00 — Year-end change freeze (freeze.lua)".
    /// The reason and the policy's name are escaped by `TerminalText`: whatever they hold, one
    /// instant is one line, which no control, bidi or line-separator character can forge.
    public static func text(_ state: GateState, zone: ZoneWallTime, policies: [String]) -> String {
        let until = state.until.map { "until " + zone.iso($0) } ?? "for at least a year"
        // An active override is said on the same line (`; override ...`): one instant, one line.
        let override = state.override.map { "; " + OverrideRenderer.line($0, zone: zone) } ?? ""
        guard state.isClosed, let closing = state.closing else {
            return "open " + until + (state.until == nil ? "" : " (then closed)") + override
        }
        var line = "closed " + until + " — " + TerminalText.escape(closing.reason ?? "closed")
        if let name = policyName(closing.policyIndex, policies) { line += " (" + TerminalText.escape(name) + ")" }
        return line + override
    }

    /// Every answer of one run: as text a line each; as JSON one pretty document for a single
    /// instant, else one compact object a line, so a batch's answers match its lines by position.
    public static func document(_ states: [GateState], zone: ZoneWallTime, policies: [String], json: Bool) -> String {
        var out = ""
        for state in states {
            if !json {
                out += text(state, zone: zone, policies: policies) + "\n"
            } else if states.count > 1 {
                JSONWriter.appendInline(Self.json(state, zone: zone, policies: policies), to: &out)
                out += "\n"
            } else {
                out += JSONWriter.write(Self.json(state, zone: zone, policies: policies))
            }
        }
        return out
    }

    private static func policyName(_ index: Int, _ policies: [String]) -> String? {
        index < policies.count ? policies[index] : nil
    }
}
