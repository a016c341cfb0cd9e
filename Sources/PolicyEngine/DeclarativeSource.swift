import CalendarCore
import DeclarativePolicy

/// Declarative policy files (`freeze.yaml`, `.yml`, `.json`), known by their extension: read by
/// `FreezeSchema` into typed values, which the fixed `Prelude/declarative.lua` answers for in the
/// policy's own state. The policy's source stays the file's bytes (reload compares them).
enum DeclarativeSource {
    static let extensions = [".yaml", ".yml", ".json"]
    /// The global the host sets to the values before the fixed chunk runs (the chunk clears it).
    static let globalName = "declarative"
    static let lua: [UInt8] = PackageResources.declarative_lua

    static func isDeclarative(_ path: String) -> Bool {
        let name = PolicyFile.fileName(of: path).lowercased()
        return extensions.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The file's values, or a `type` error at the line and column of what is wrong.
    static func freeze(_ source: [UInt8], path: String) throws(PolicyError) -> Freeze {
        do {
            return try FreezeSchema.read(source)
        } catch {
            var problem = PolicyError(kind: .type, file: path, line: error.mark?.line, message: error.description)
            problem.column = error.mark?.column
            throw problem
        }
    }

    /// A load error the engine found in the values (a scope or override term it refuses, a
    /// holiday place it does not know) pointed at the key's place in the file, not at the fixed
    /// chunk's line.
    static func place(_ error: PolicyError, in freeze: Freeze) -> PolicyError {
        var placed = error
        placed.traceback = nil
        var key: String?
        if error.message.hasPrefix("holidays["), let end = error.message.firstIndex(of: "]") {
            key = String(error.message[..<error.message.index(after: end)])
        } else if error.message.contains("'scope") {
            key = "scope"
        } else if error.message.contains("'overridable") {
            key = "overridable"
        }
        let mark = key.flatMap { freeze.marks[$0] }
        placed.line = mark?.line
        placed.column = mark?.column
        return placed
    }
}
