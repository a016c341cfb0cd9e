/// A policy failure as data: what went wrong, where, and for which day.
/// Rendering (one stderr line, exit code 3) is the CLI's job.
public struct PolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case syntax, runtime, type, sandbox, budget, memory, timeout, io
    }

    public var kind: Kind
    /// The policy file as the host was given it (never Lua's shortened chunk name).
    public var file: String
    public var line: Int?
    /// The column of `line`, where a file's format gives one (a declarative policy's YAML).
    public var column: Int?
    /// `canSelect`, `canDeselect` or `decorationFor`; nil while loading.
    public var function: String?
    public var day: Day?
    public var message: String
    /// Lua's traceback, for `--verbose`.
    public var traceback: String?

    public init(kind: Kind, file: String, line: Int? = nil, function: String? = nil, day: Day? = nil,
                message: String, traceback: String? = nil) {
        (self.kind, self.file, self.line, self.function, self.day) = (kind, file, line, function, day)
        (self.message, self.traceback) = (message, traceback)
    }

    /// `file:line: message (in canSelect for 2026-01-05)` on one line.
    public var description: String {
        // A path is whole up to PATH_MAX's quarter; a longer "file" (a 100 KB holidays:
        // reference) is cut so the message after it still fits the one bounded line.
        var text = InputEcho.cut(file, maxCharacters: 1024)
        if let line { text += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        text += ": " + message
        switch (function, day) {
        case let (function?, day?): text += " (in \(function) for \(day.iso))"
        case let (function?, nil): text += " (in \(function))"
        case let (nil, day?): text += " (for \(day.iso))"
        case (nil, nil): break
        }
        return String(text.map { $0.isNewline ? " " : $0 })
    }
}
