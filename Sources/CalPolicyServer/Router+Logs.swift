import CalendarData
import CalPolicyRequests
import Foundation
import MHDHost
import Rendering

extension Router {
    /// The access-log line and, for a decision route, the decision-log line; both go to their
    /// `LogSink`, never blocking. With `--decision-log-required` a decision whose line could not
    /// be queued is not given out: the answer becomes a 503. A decision whose line was queued
    /// carries its id in `X-Decision-Id` (a header, never the body: bodies are cached, ETagged
    /// and byte-identical to the CLI's).
    /// `response` is changed in place (the decision id, or the 503): a copy of it here made its
    /// headers shared, and the decision id's append copied them.
    func log(_ request: HTTPRequest, route: Route?, id: String, note: RequestNote, response: inout HTTPResponse,
             seconds: Double) {
        let micros = Int((seconds * 1e6).rounded())
        if let decisions, let route, route.isDecision {
            let record = Self.decisionRecord(request, route: route, note: note, response: response)
            // The server's own fields written straight into the line (request: id, client,
            // method; outcome: status, error, duration, admission), the whole line at a pointer
            // into this thread's reused buffer: no array of fields and no line of its own per
            // decision. The error and admission (JSON values, rare) are written first, to be sized.
            let status = response.status
            let error = note.failure.map { DecisionRecordRenderer.json(Self.errorJSON($0)) }
            let admission = note.admission.map(DecisionRecordRenderer.json)
            let line = DecisionLine(record, mask: decisions.mask)
            let faceCapacity = Self.faceKeyBytes + UnsafeRowWriter.jsonStringCapacity(id.utf8.count, strings: 1)
                + UnsafeRowWriter.terminalTextCapacity(request.clientAddress) + UnsafeRowWriter.terminalTextCapacity(request.method)
                + 2 * UnsafeRowWriter.integerMaxByteCount + (error?.count ?? 4) + (admission?.count ?? 0)
            let written = Self.lineBuffers.write(capacity: line.capacity + faceCapacity, { w in
                line.write(record, to: &w, request: { w in
                    w.put(", \"id\": ")
                    w.jsonString(id)
                    w.put(", \"client\": ")
                    w.terminalText(request.clientAddress)
                    w.put(", \"method\": ")
                    w.terminalText(request.method)
                }, outcome: { w in
                    w.put(", \"status\": ")
                    w.integer(status)
                    w.put(", \"error\": ")
                    if let error { w.bytes(error) } else { w.put("null") }
                    w.put(", \"durationUs\": ")
                    w.integer(micros)
                    if let admission {
                        w.put(", \"admission\": ")
                        w.bytes(admission)
                    }
                })
            }, deliver: { decisions.append($0) })
            if !written && decisions.required && response.status < 400 {
                let failure = Failure(.decisionLogUnavailable,
                                      message: "the decision log cannot take this decision's line (--decision-log-required)",
                                      headers: [("Retry-After", "1")])
                note.failure = failure
                var refused = Self.error(failure)
                refused.headers += response.headers.filter { $0.name == "X-Request-Id" }
                response = refused
            } else if written {
                response.headers.append(("X-Decision-Id", record.decisionId))
            }
        }
        guard configuration.accessLog else { return }
        if configuration.jsonLog {
            AccessLog.request(LogJSON.line([
                ("time", .string(Clock.timestamp())), ("id", .string(id)),
                ("client", LogJSON.optional(request.clientAddress)), ("method", LogJSON.text(request.method)),
                ("path", LogJSON.text(request.path)), ("query", LogJSON.query(request.query)),
                ("route", LogJSON.optional(route?.rawValue)), ("status", .int(response.status)),
                ("bytes", .int(response.body.count)), ("durationUs", .int(micros)),
                ("stack", LogJSON.optional(note.stack)), ("version", LogJSON.optional(note.version)),
            ]))
        } else {
            let query = request.query.isEmpty ? "" : "?" + request.query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
            var line = "\(request.method) \(request.path)\(query) \(response.status) \(response.body.count) "
                + Self.milliseconds(seconds) + "ms id=\(id)"
            if let client = request.clientAddress { line += " client=\(client)" }
            if let stack = note.stack, let version = note.version { line += " stack=\(stack) version=\(version)" }
            AccessLog.request(line)
        }
    }

    /// A decision's record, made here and then only read: a `var` read by the line's closures
    /// was copied (a retain and a release of each of its texts) for each read.
    private static func decisionRecord(_ request: HTTPRequest, route: Route, note: RequestNote,
                                       response: HTTPResponse) -> DecisionRecord {
        var record = DecisionRecord(time: Clock.timestamp(), route: route.rawValue)
        record.stack = note.stack
        record.version = note.version
        record.today = note.today
        record.revision = note.revision
        record.instant = note.instant
        record.zone = note.zone
        record.context = note.context
        record.queryPairs = request.query
        record.body = route == .select ? LogJSON.body(request.body) : .null
        // A route that answered without noting its answer (`/v1/overlay`, never cached): its
        // bytes' digest. A 304 of a miss noted it before the body was dropped.
        record.answerJSON = note.answer
        if note.answer == nil && response.status == 200 && !response.body.isEmpty {
            record.answer = documentAnswer(response.body, etag: response.headers.first { $0.name == "ETag" }?.value)
        }
        return record
    }

    /// Each thread's buffer for its decision-log lines (`log`).
    static let lineBuffers = ThreadScratch()

    /// The keys of the server's members of a decision line (`log`), at most: `, "id": ` and the
    /// six others (86 bytes), rounded up.
    static let faceKeyBytes = 96

    /// A failed decision's `error` member: its code, message and parameter made safe for one line.
    static func errorJSON(_ failure: Failure) -> JSONValue {
        .object([("code", .string(failure.code)), ("message", .string(TerminalText.line(failure.message))),
                 ("parameter", failure.parameter.map { .string(TerminalText.line($0, maxBytes: maxParameterBytes)) } ?? .null)])
    }

    /// The access-log line of a request libmicrohttpd ended before any route saw it (it answered
    /// the head itself, or the client left or was too slow): what the request line held, the
    /// client and why; the status libmicrohttpd sent (if any) is not known here, so it is `-`.
    func logUnanswered(_ request: HTTPRequest, reason: String, id: String) {
        guard configuration.accessLog else { return }
        if configuration.jsonLog {
            AccessLog.request(LogJSON.line([
                ("time", .string(Clock.timestamp())), ("id", .string(id)),
                ("client", LogJSON.optional(request.clientAddress)), ("method", .null),
                ("path", LogJSON.text(request.path)), ("query", .object([])), ("route", .null), ("status", .null),
                ("bytes", .int(0)), ("durationUs", .null), ("stack", .null), ("version", .null),
                ("unanswered", .string(reason)),
            ]))
        } else {
            var line = "- \(request.path) - 0 - id=\(id)"
            if let client = request.clientAddress { line += " client=\(client)" }
            AccessLog.request(line + " unanswered=\"\(reason)\"")
        }
    }

    /// `seconds` as milliseconds with two decimals ("0.42"), as `%.2f` writes them, without
    /// Foundation's formatter (a tenth of a cached answer's time went to `String(format:)`).
    static func milliseconds(_ seconds: Double) -> String {
        // Clamped to what an Int holds (a duration is never near it; a conversion must not trap).
        let hundredths = Int((min(max(0, seconds.isFinite ? seconds : 0), 1e12) * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    /// `/metrics` lines of the service's own bounds: each stack's queue, dropped log lines,
    /// and connections open and closed by a limit.
    func serviceMetrics(_ out: inout PrometheusText) {
        let queued = queues.lengths()
        out.family("calpolicy_stack_queue_length", .gauge, help: "Requests waiting for a worker of the stack.",
                   label: "stack", queued.map { ($0.stack, $0.queued) })
        out.family("calpolicy_stack_workers_busy", .gauge, help: "Workers of the stack answering a request.",
                   label: "stack", queued.map { ($0.stack, $0.busy) })
        out.family("calpolicy_stack_queue_refused_total", .counter, help: "Requests refused because the stack's queue was full.",
                   label: "stack", queued.map { ($0.stack, $0.refused) })
        var dropped = [("access", AccessLog.requests.counts.dropped)]
        if let sink = decisions?.sink { dropped.append(("decision", sink.counts.dropped)) }
        if let shipper = decisions?.shipper { dropped.append(("decision_url", shipper.counts.dropped)) }
        out.family("calpolicy_log_lines_dropped_total", .counter,
                   help: "Log lines dropped because the sink was slow, full or failing.", label: "log", dropped)
        if let shipper = decisions?.shipper {
            out.family("calpolicy_decision_log_shipped_lines_total", .counter,
                       help: "Decision-log lines the --decision-log-url receiver took.")
            out.sample("calpolicy_decision_log_shipped_lines_total", shipper.counts.shipped)
        }
        if let connections = connectionStats?() {
            out.family("calpolicy_connections_open", .gauge, help: "Connections open now.")
            out.sample("calpolicy_connections_open", connections.open)
            let reasons = ["per_client_limit", "connection_limit", "head_timeout", "send_timeout", "stopping"]
            out.family("calpolicy_connections_closed_total", .counter, help: "Connections closed by a limit or deadline.",
                       label: "reason", reasons.map { ($0, connections.closed[$0] ?? 0) })
        }
    }
}
