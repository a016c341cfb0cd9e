import CalendarCore

/// An override as every document shows it: the object in gate and eval JSON (`override`), the
/// line text output and `explain` add, and a whole file (`override add`, `GET /v1/overrides`).
public enum OverrideRenderer {
    /// `{"id", "reason", "ticket", "approvedBy", "until", "applied", "why"?}` of an answer.
    public static func note(_ note: OverrideNote, zone: ZoneWallTime) -> JSONValue {
        let override = note.override
        var fields: [(String, JSONValue)] = [
            ("id", .string(override.id)),
            ("reason", .string(override.reason)),
            ("ticket", override.ticket.map(JSONValue.string) ?? .null),
            ("approvedBy", override.approvedBy.map(JSONValue.string) ?? .null),
            ("until", .string(zone.iso(override.end))),
            ("applied", .bool(note.applied)),
        ]
        if let why = note.why { fields.append(("why", .string(why))) }
        return .object(fields)
    }

    /// "override INC-4711 (ticket INC-4711, approved by sre-lead) until ...: hotfix for the outage",
    /// or "override ... not applied: hard freeze". Escaped: one override is one line.
    public static func line(_ note: OverrideNote, zone: ZoneWallTime) -> String {
        let override = note.override
        var details: [String] = []
        if let ticket = override.ticket { details.append("ticket " + ticket) }
        if let approver = override.approvedBy { details.append("approved by " + approver) }
        var line = "override " + override.id + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
        line += " until " + zone.iso(override.end)
        if !note.applied { line += " not applied: " + (note.why ?? "closed") }
        line += " — " + override.reason
        return TerminalText.escape(line)
    }

    /// An override in a calendar document: `{"id", "from", "until", "reason", "ticket",
    /// "approvedBy", "policies"}` (`until` the end, earlier when it was ended).
    public static func window(_ override: Override, zone: ZoneWallTime) -> JSONValue {
        .object([
            ("id", .string(override.id)),
            ("from", .string(zone.iso(override.from))),
            ("until", .string(zone.iso(override.end))),
            ("reason", .string(override.reason)),
            ("ticket", override.ticket.map(JSONValue.string) ?? .null),
            ("approvedBy", override.approvedBy.map(JSONValue.string) ?? .null),
            ("policies", override.policies.isEmpty ? .null : .array(override.policies.map(JSONValue.string))),
        ])
    }

    /// "o override INC-1 2026-12-27T23:00:00+01:00 – 2026-12-28T03:00:00+01:00 (ticket INC-1,
    /// approved by sre-lead): hotfix" under a text calendar. Escaped: one override, one line.
    public static func windowLine(_ override: Override, zone: ZoneWallTime) -> String {
        var details: [String] = []
        if let ticket = override.ticket { details.append("ticket " + ticket) }
        if let approver = override.approvedBy { details.append("approved by " + approver) }
        if !override.policies.isEmpty { details.append("lifts " + override.policies.joined(separator: ", ")) }
        return TerminalText.escape("o override " + override.id + " " + zone.iso(override.from) + " – " + zone.iso(override.end)
            + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")") + ": " + override.reason)
    }

    /// The file's JSON: what `override add` writes and the API lists, instants in UTC.
    public static func file(_ override: Override) -> JSONValue {
        func scope(_ patterns: [String: [String]]) -> [(String, JSONValue)] {
            patterns.keys.sorted().map { key in
                let values = patterns[key] ?? []
                return (key, values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string)))
            }
        }
        var scopeFields = scope(override.scope.include)
        if !override.scope.exclude.isEmpty { scopeFields.append(("exclude", .object(scope(override.scope.exclude)))) }
        var fields: [(String, JSONValue)] = [
            ("id", .string(override.id)),
            ("scope", .object(scopeFields)),
            ("from", .string(ZoneWallTime.utc.iso(override.from))),
            ("until", .string(ZoneWallTime.utc.iso(override.until))),
            ("reason", .string(override.reason)),
        ]
        if let ticket = override.ticket { fields.append(("ticket", .string(ticket))) }
        if let requester = override.requestedBy { fields.append(("requestedBy", .string(requester))) }
        if let approver = override.approvedBy { fields.append(("approvedBy", .string(approver))) }
        if !override.policies.isEmpty { fields.append(("policies", .array(override.policies.map(JSONValue.string)))) }
        if let ended = override.endedAt { fields.append(("endedAt", .string(ZoneWallTime.utc.iso(ended)))) }
        return .object(fields)
    }

    /// One file of `override list --format json`: its id, file, state at the instant and (when
    /// a context was given) whether its scope covers it, then the file's other fields.
    public static func listItem(_ override: Override, file: String, state: OverrideState, covers: Bool?) -> JSONValue {
        var fields: [(String, JSONValue)] = [("id", .string(override.id)), ("file", .string(file)),
                                             ("state", .string(state.rawValue))]
        if let covers { fields.append(("covers", .bool(covers))) }
        if case .object(let rest) = self.file(override) { fields += rest.filter { $0.0 != "id" } }
        return .object(fields)
    }

    /// `{"file", "field", "message"}` of a refused file (`field` null: the whole file).
    public static func refusedItem(file: String, field: String?, message: String) -> JSONValue {
        .object([("file", .string(file)), ("field", field.map(JSONValue.string) ?? .null), ("message", .string(message))])
    }

    /// `override list`'s document: `{"overrides": [...], "refused": [...]}`.
    public static func list(_ items: [JSONValue], refused: [JSONValue]) -> String {
        JSONWriter.write(.object([("overrides", .array(items)), ("refused", .array(refused))]))
    }

    /// "INC-4711: active from ... until ..., covers the context (ticket INC-4711, approved by
    /// sre-lead) — hotfix": one line a file, escaped.
    public static func listLine(_ override: Override, state: OverrideState, covers: Bool?) -> String {
        var line = override.id + ": " + state.rawValue + " from " + ZoneWallTime.utc.iso(override.from)
            + " until " + ZoneWallTime.utc.iso(override.until)
        if let ended = override.endedAt { line += " (ended " + ZoneWallTime.utc.iso(ended) + ")" }
        if let covers { line += covers ? ", covers the context" : ", does not cover the context" }
        var details: [String] = []
        if let ticket = override.ticket { details.append("ticket " + ticket) }
        if let approver = override.approvedBy { details.append("approved by " + approver) }
        if !details.isEmpty { line += " (" + details.joined(separator: ", ") + ")" }
        line += " — " + override.reason
        return TerminalText.escape(line)
    }

    /// "FILE: refused: FIELD: what", escaped.
    public static func refusedLine(file: String, detail: String) -> String {
        TerminalText.escape(file + ": refused: " + detail)
    }
}
