import CalendarData
import Rendering
import Synchronization

/// The server's own lines (start, reload, refusal, stuck work, stop) on stderr: text, or with
/// `--log-format json` one JSON object a line like the access log's, so a log pipeline that
/// parses the access log parses these too. Written at once (`AccessLog.line`).
enum ServerEvent {
    /// Set once at start from `--log-format`.
    static let json = Atomic<Bool>(false)

    /// `event` names the kind (`listening`, `reloaded`, `reload_unchanged`, `reload_refused`, `stuck`, `stopping`,
    /// `stopped`, `error`); `text` is the plain line; `fields` add the data a JSON line carries.
    static func log(_ event: String, _ text: String, _ fields: [(String, JSONValue)] = []) {
        guard json.load(ordering: .relaxed) else {
            AccessLog.line(text)
            return
        }
        AccessLog.line(LogJSON.line([("time", .string(Clock.timestamp())), ("event", .string(event)),
                                     ("message", LogJSON.text(text))] + fields))
    }
}
