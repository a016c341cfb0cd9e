import CalendarCore
import Foundation
import Rendering

/// One decision as the decision log keeps it: the question (route, query, body, context, the
/// today and instant the policies saw), the answer, and what pinned it (the stack's version and
/// the data's). The server's `--decision-log` and `gate --decision-log` both write it through
/// `DecisionRecordRenderer`, so a line means the same whichever face wrote it and `replay`
/// reads both.
public struct DecisionRecord: Sendable {
    /// Unique per decision (a random UUID): a replica fleet's logs merge without collisions, and
    /// the caller gets it in `X-Decision-Id` to quote in an audit.
    public var decisionId: String
    public var time: String
    /// `/v1/gate`, `/v1/month`, … (the server), `gate` (the CLI).
    public var route: String
    public var stack: String?
    public var version: String?
    /// The bundle revision the stack's files came from (`serve --bundle`); nil for plain files,
    /// and then absent from the line.
    public var revision: String?
    /// The day the policies saw as today (ISO).
    public var today: String?
    /// The instant a gate was asked about (epoch seconds), written in `zone` too.
    public var instant: Int64?
    public var zone: ZoneWallTime?
    /// The context the question carried, resolved (nil when the request failed before it was).
    public var context: DecisionContext?
    public var query: JSONValue = .null
    /// The server's query parameters as the request gave them, written in place of `query` when
    /// set: an object of their names and values made safe for one line (`TerminalText`), the
    /// bytes `query` would hold for `.object` of those texts, without building it per decision.
    public var queryPairs: [(name: String, value: String)]?
    public var body: JSONValue = .null
    /// `DecisionRecordRenderer.gateAnswer` or `documentAnswer`; null when there was none (an error).
    public var answer: JSONValue = .null
    /// The answer already written on one line (`DecisionRecordRenderer.json`), in place of
    /// `answer` when set: a cached answer's is written once, when it is computed, and every hit
    /// copies its bytes.
    public var answerJSON: [UInt8]?
    public var data: DataVersions
    /// The face's own fields before the route (the server: request id, client, method).
    public var request: [(String, JSONValue)] = []
    /// The face's own fields after the answer (the server: status, error, duration).
    public var outcome: [(String, JSONValue)] = []

    public init(decisionId: String = DecisionRecord.newId(), time: String, route: String, data: DataVersions = .current) {
        self.decisionId = decisionId
        self.time = time
        self.route = route
        self.data = data
    }

    /// A random (version 4) UUID, lowercase.
    public static func newId() -> String { DecisionIds.next() }
}
