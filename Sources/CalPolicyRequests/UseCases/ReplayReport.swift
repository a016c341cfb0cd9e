import Rendering

/// What a `replay` found: each field that moved, the lines it could not replay, and the counts
/// of its summary line.
public struct ReplayReport: Sendable {
    public struct Difference: Hashable, Sendable {
        public var line: Int
        public var decisionId: String
        public var field: String
        public var logged: String
        public var now: String
    }

    /// The policies' version the replay ran (`StackDigest`).
    public var version: String
    /// Decisions replayed, and how many of them answer differently now.
    public var decisions = 0
    public var differing = 0
    public var differences: [Difference] = []
    public var notReplayable: [(line: Int, decisionId: String, reason: String)] = []
    public var documentLines = 0
    /// Versions the replayed lines were logged under other than `version`, and how many lines.
    public var otherVersions = Set<String>()
    public var otherVersionLines = 0

    public init(version: String) { self.version = version }

    /// A value as a difference line shows it: text quoted and escaped, nothing as `none`.
    static func shown(_ value: String?, quoted: Bool) -> String {
        guard let value else { return "none" }
        return quoted ? "\"" + TerminalText.escape(value) + "\"" : value
    }

    /// `line 4 (3f2a…): open: logged true, now false` a difference, `line 7 (…): not replayable
    /// (masked: actor)` a line left aside, in the log's order; then the counts: document lines,
    /// other versions, and `replay: N decisions, D differences, M not replayable` (D: decisions
    /// whose answer moved, however many of their fields did).
    public var text: String {
        var rows: [(Int, String)] = differences.map { ($0.line, "line \($0.line) (\($0.decisionId)): \($0.field): logged \($0.logged), now \($0.now)") }
        rows += notReplayable.map { ($0.line, "line \($0.line) (\($0.decisionId)): not replayable (\($0.reason))") }
        var out = rows.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map { $0.element.1 + "\n" }.joined()
        if documentLines > 0 {
            out += "replay: \(documentLines) document line\(documentLines == 1 ? "" : "s") not replayed (document route)\n"
        }
        if otherVersionLines > 0 {
            out += "replay: \(otherVersionLines) decision\(otherVersionLines == 1 ? " was" : "s were") logged under version "
                + otherVersions.sorted().map(TerminalText.escape).joined(separator: ", ") + ", not the policies' \(version)\n"
        }
        return out + "replay: \(decisions) decisions, \(differing) differences, \(notReplayable.count) not replayable\n"
    }
}
