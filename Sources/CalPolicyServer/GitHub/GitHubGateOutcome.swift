import CalendarCore

/// What the stack says of a waiting deployment now, as the rule acts on it.
enum GitHubGateOutcome: Sendable {
    case open
    /// Closed by `reason` until `until` (nil: for at least a year); `hard` when the closing
    /// policy is a hard freeze (`overridable = false`). `zone`: the stack's, for the comment.
    case closed(reason: String, until: Int64?, hard: Bool, zone: ZoneWallTime)
    /// The policies could not answer (an error, no free worker): asked again later.
    case failed(String)
}
