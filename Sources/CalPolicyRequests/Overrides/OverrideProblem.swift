import CalendarCore

/// Why an override file is refused, as data: the file, the field at fault (nil: the whole
/// file) and what is wrong. The CLI writes "calpolicy: FILE: FIELD: what" (exit 2); the server
/// skips the file, logs the same words and lists it under `refused` in `GET /v1/overrides`.
public struct OverrideProblem: Error, Hashable, Sendable {
    public var file: String
    public var field: String?
    public var message: String

    public init(file: String, field: String? = nil, _ message: String) {
        (self.file, self.field, self.message) = (file, field, message)
    }

    /// "until: is before from" (without the file).
    public var detail: String { (field.map { $0 + ": " } ?? "") + message }
}
