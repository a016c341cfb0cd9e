import CalendarCore
import Foundation

/// `--context-file FILE`: a decision context as a JSON object of strings,
/// `{"environment": "production", "service": "api", "labels": {"team": "ops"}}` (a label may
/// also be a key `labels.team`), as `KEY=VALUE` entries for `ValueParser.context`.
public enum ContextFile {
    /// The largest file read: a context is a few hundred bytes.
    public static let limit = 64 << 10

    public static func entries(_ text: String, option: OptionSpec) throws(RequestError) -> [String] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw RequestError(option, value: "", reason: "is not JSON: expected an object such as {\"environment\": \"production\"}")
        }
        guard let fields = object as? [String: Any] else {
            throw RequestError(option, value: "", reason: "expected a JSON object of strings ({\"environment\": \"production\"})")
        }
        return try entries(fields, option: option)
    }

    /// The entries of a context already read as JSON (a `gate --batch` line's `context`).
    public static func entries(_ fields: [String: Any], option: OptionSpec) throws(RequestError) -> [String] {
        var entries: [String] = []
        for key in fields.keys.sorted() {
            if key == "labels", let labels = fields[key] as? [String: Any] {
                for name in labels.keys.sorted() {
                    guard let value = labels[name] as? String else {
                        throw RequestError(option, value: "", reason: "labels.\(InputEcho.cut(name)): a value must be a string")
                    }
                    entries.append("labels.\(name)=\(value)")
                }
                continue
            }
            guard let value = fields[key] as? String else {
                throw RequestError(option, value: "", reason: "\(InputEcho.cut(key)): a value must be a string")
            }
            entries.append("\(key)=\(value)")
        }
        return entries
    }
}
