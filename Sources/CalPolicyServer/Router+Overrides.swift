import CalendarCore
import CalendarData
import CalPolicyRequests
import Foundation
import MHDHost
import Rendering

extension Router {
    // MARK: overrides

    /// `GET /v1/overrides` (every file: its state now and the stacks it stands for, and the
    /// refused ones), `POST /v1/overrides` (a new one, written as a file) and
    /// `DELETE /v1/overrides/ID` (ended now: the file keeps it, with `endedAt`). A token needs
    /// an `override` right covering the override's scope to write (`TokenSet.Token.mayOverride`);
    /// reading needs any override right or `admin`. Without a writable local folder: 409.
    func overridesRoute(_ request: HTTPRequest, token: TokenSet.Token?) throws -> HTTPResponse {
        guard let store = overrides else {
            throw Failure(.noOverrides, message: "this server reads no overrides (start it with --overrides DIR or --state-dir DIR)")
        }
        let id: String? = request.path == Route.overrides.rawValue ? nil : String(request.path.dropFirst(Route.overrides.rawValue.count + 1))
        switch (request.method, id) {
        case ("GET", nil), ("HEAD", nil):
            if let token, token.override.isEmpty && !token.admin {
                throw Failure(.forbidden, message: "token '\(token.name)' has no override or admin right (listing overrides needs one)")
            }
            return Self.json(200, JSONWriter.write(list(store.snapshot)), extra: [("Cache-Control", "no-store")])
        case ("POST", nil):
            return try create(request, token: token, store: store)
        case ("DELETE", let id?):
            return try end(id, token: token, store: store)
        default:
            let allowed = id == nil ? "GET, HEAD, POST" : "DELETE"
            throw Failure(.methodNotAllowed, message: "\(request.path) takes \(allowed), not \(request.method)",
                          headers: [("Allow", allowed)])
        }
    }

    /// `{"overrides": [{...the file, "state", "stacks"}], "refused": [{"file", "field", "message"}]}`.
    private func list(_ snapshot: OverrideStore.Snapshot) -> JSONValue {
        let now = Clock.local.now()
        var listed: [JSONValue] = [], refused: [JSONValue] = []
        for entry in snapshot.entries {
            switch entry {
            case .refused(let problem): refused.append(Self.problem(problem))
            case .loaded(let override, let file):
                var standing: [JSONValue] = []
                for name in stacks.names {
                    guard let version = stacks.version(name) else { continue }
                    do throws(OverrideProblem) {
                        try OverrideReview.check(override, file: file, policies: version.overridable)
                        standing.append(.string(name))
                    } catch {
                        refused.append(Self.problem(error, stack: name))
                    }
                }
                guard case .object(var fields) = OverrideRenderer.file(override) else { continue }
                fields.append(("state", .string(override.state(at: now).rawValue)))
                fields.append(("stacks", .array(standing)))
                listed.append(.object(fields))
            }
        }
        if let problem = snapshot.problem { refused.append(Self.problem(problem)) }
        return .object([("overrides", .array(listed)), ("refused", .array(refused))])
    }

    private static func problem(_ problem: OverrideProblem, stack: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [("file", .string(TerminalText.escape(problem.file))),
                                             ("field", problem.field.map { .string(TerminalText.escape($0)) } ?? .null),
                                             ("message", .string(TerminalText.line(problem.message)))]
        if let stack { fields.append(("stack", .string(stack))) }
        return .object(fields)
    }

    /// A new override from the body: the file's fields, `id` and `from` optional (a new id, now),
    /// `requestedBy` the token's name; held to the file's grammar (it is rendered and read back
    /// by `OverrideFile`) and to every stack's policies, then written whole.
    private func create(_ request: HTTPRequest, token: TokenSet.Token?, store: OverrideStore) throws -> HTTPResponse {
        try RequestBody.check(request, accepts: { $0 == "application/json" }, expected: "JSON (Content-Type: application/json)")
        guard case .object(var fields)? = try? JSONLineReader.read(request.body, in: 0..<request.body.count) else {
            throw Failure(.badRequest, message: "the body must be a JSON object (the fields of an override file)")
        }
        if let token {
            if case .string(let asked)? = fields["requestedBy"], asked != token.name {
                throw Failure(.badRequest, message: "requestedBy is the token's name ('\(token.name)'); leave it out",
                              parameter: "requestedBy")
            }
            fields["requestedBy"] = .string(token.name)
        }
        guard case .string(let requester)? = fields["requestedBy"] else {
            throw Failure(.badRequest, message: "requestedBy is required (no token names who asks)", parameter: "requestedBy")
        }
        if case .string(let approver)? = fields["approvedBy"], approver == requester {
            throw Failure(.overrideRefused, message: "approvedBy must be someone other than the requester ('\(TerminalText.escape(requester))')",
                          parameter: "approvedBy")
        }
        let now = Clock.local.now()
        if fields["from"] == nil { fields["from"] = .string(ZoneWallTime.utc.iso(now)) }
        if fields["id"] == nil {
            fields["id"] = .string("ovr-" + String(UInt64(bitPattern: now), radix: 36) + "-" + String(UInt32.random(in: 0...UInt32.max), radix: 36))
        }
        let bytes = Array(JSONWriter.write(Self.value(.object(fields))).utf8)
        let override: Override
        do { override = try OverrideFile.parse(bytes, file: "body") } catch {
            throw Failure(.badRequest, message: error.detail, parameter: error.field)
        }
        guard override.end > now else {
            throw Failure(.overrideRefused, message: "until is in the past: the override would never apply", parameter: "until")
        }
        // Who may comes first: a token without the right learns nothing of the policies' rules.
        if let token, !token.mayOverride(override.scope) {
            throw Failure(.forbidden, message: "token '\(token.name)' may not override scope \(Self.scopeText(override.scope))")
        }
        for name in stacks.names {
            guard let version = stacks.version(name) else { continue }
            do throws(OverrideProblem) {
                try OverrideReview.check(override, file: "body", policies: version.overridable)
            } catch {
                throw Failure(.overrideRefused, message: "stack '\(name)': " + error.detail, parameter: error.field)
            }
        }
        guard store.writable else {
            throw Failure(.overridesReadOnly, message: "the overrides folder is not a writable local folder; overrides travel by git here")
        }
        let path = store.folder + "/" + override.id + ".json"
        do {
            try AtomicFile.create(path, bytes: Array((JSONWriter.write(OverrideRenderer.file(override))).utf8))
        } catch .exists {
            throw Failure(.overrideExists, message: "an override '\(override.id)' exists already", parameter: "id")
        } catch {
            throw Failure(.internalError, message: "the override could not be written: \(error.description)")
        }
        store.refresh(force: true)
        AccessLog.request("calpolicy-serve: override \(override.id) created by \(TerminalText.escape(requester))")
        return Self.json(201, JSONWriter.write(OverrideRenderer.file(override)), extra: [("Cache-Control", "no-store")])
    }

    /// Ends `id` now: the file is rewritten with `endedAt` (kept for the audit), never removed.
    private func end(_ id: String, token: TokenSet.Token?, store: OverrideStore) throws -> HTTPResponse {
        guard OverrideFile.isIdentifier(id) else {
            throw Failure(.badRequest, message: "'\(TerminalText.escape(String(id.prefix(64))))' is not an override id", parameter: "id")
        }
        let path = store.folder + "/" + id + ".json"
        var override: Override
        do { override = try OverrideFile.read(path) } catch {
            throw Failure(.notFound, message: "no override '\(id)' (\(error.detail))", parameter: "id")
        }
        if let token, !token.mayOverride(override.scope) {
            throw Failure(.forbidden, message: "token '\(token.name)' may not override scope \(Self.scopeText(override.scope))")
        }
        guard store.writable else {
            throw Failure(.overridesReadOnly, message: "the overrides folder is not a writable local folder; overrides travel by git here")
        }
        let now = Clock.local.now()
        if override.endedAt == nil || override.end > now { override.endedAt = max(override.from, min(now, override.until)) }
        do {
            try AtomicFile.replace(path, bytes: Array(JSONWriter.write(OverrideRenderer.file(override)).utf8))
        } catch {
            throw Failure(.internalError, message: "the override could not be written: \(error.description)")
        }
        store.refresh(force: true)
        return Self.json(200, JSONWriter.write(OverrideRenderer.file(override)), extra: [("Cache-Control", "no-store")])
    }

    /// `{environment: production, service: api}` for messages.
    static func scopeText(_ scope: DecisionScope) -> String {
        let parts = scope.include.keys.sorted().map { "\($0)=\((scope.include[$0] ?? []).joined(separator: "|"))" }
        return parts.isEmpty ? "{} (every question)" : "{" + parts.joined(separator: ", ") + "}"
    }

    /// A read JSON node as a value to write again.
    static func value(_ node: JSONNode) -> JSONValue {
        switch node {
        case .object(let fields): .object(fields.keys.sorted().map { ($0, value(fields[$0]!)) })
        case .array(let items): .array(items.map(value))
        case .string(let text): .string(text)
        case .number(let number, let integer): integer && abs(number) < 9e15 ? .int(Int(number)) : .string(String(number))
        case .bool(let flag): .bool(flag)
        case .null: .null
        }
    }
}
