internal import CLua
internal import CLuaShim
#if canImport(Glibc)
internal import Glibc
private let posixWrite = Glibc.write
#elseif canImport(Darwin)
internal import Darwin
private let posixWrite = Darwin.write
#endif

/// Every pointer the Lua bridge touches lives here: the `lua_State`, C strings and
/// the callback context. Lua errors never cross these frames — each call below is
/// one C function that runs its Lua work under `lua_pcall` and returns a status.
final class UnsafeLuaState {
    let state: OpaquePointer
    init(options: LuaStateOptions) throws(LuaError) {
        var config = cls_config()
        config.memory_limit = options.memoryLimit > 0 ? options.memoryLimit : LuaLimits.memory
        config.pool = options.memoryPool?.raw
        config.instruction_budget = Int64(options.instructionBudget)
        config.load_budget = Int64(options.loadBudget)
        config.hook_enabled = options.hookEnabled ? 1 : 0
        config.verbose = options.verbose ? 1 : 0
        config.print_line = UnsafeLuaState.printTrampoline
        if let library = options.cExtension {
            config.extension = library.hooks.assumingMemoryBound(to: cls_extension.self)
            config.extension_data = library.data
        }
        var error = cls_error()
        let opened: OpaquePointer? = (options.printPrefix ?? "").withCString { prefix in
            config.print_prefix = prefix
            return cls_open(&config, &error)
        }
        guard let opened else {
            throw UnsafeLuaState.error(from: &error, status: LUA_ERRMEM)
        }
        state = opened
    }

    deinit { cls_close(state) }

    var memoryUsed: Int { cls_memory_used(state) }

    var budgetSpent: Int { Int(cls_budget_spent(state)) }

    // MARK: - The one choke point from a Lua status to a typed error

    func check(_ status: Int32) throws(LuaError) {
        guard status != LUA_OK else { return }
        guard let record = cls_last_error(state) else {
            throw LuaError(kind: .runtime, message: "unknown error (status \(status))")
        }
        var copy = record.pointee
        throw UnsafeLuaState.error(from: &copy, status: status)
    }

    private static func error(from record: inout cls_error, status: Int32) -> LuaError {
        let kind: LuaError.Kind = switch Int(record.kind) {
        case Int(CLS_KIND_SYNTAX): .syntax
        case Int(CLS_KIND_TYPE): .type
        case Int(CLS_KIND_SANDBOX): .sandbox
        case Int(CLS_KIND_BUDGET): .budget
        case Int(CLS_KIND_MEMORY): .memory
        case Int(CLS_KIND_TIMEOUT): .timeout
        default: status == LUA_ERRMEM ? .memory : (status == LUA_ERRSYNTAX ? .syntax : .runtime)
        }
        let message = String(cString: cls_error_message(&record))
        let traceback = String(cString: cls_error_traceback(&record))
        return LuaError(kind: kind, message: message.isEmpty ? "unknown error" : message,
                        line: record.line > 0 ? Int(record.line) : nil,
                        traceback: traceback.isEmpty ? nil : traceback)
    }

    static func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    // MARK: - Callbacks into Swift

    /// A verbose `print`: one stderr line `print <prefix>: <text>`, both escaped by
    /// `TerminalText`, so a policy can neither split the line, send terminal escapes nor
    /// start a line that looks like calpolicy's own `calpolicy: ` error.
    static func printLine(prefix: String, text: String) -> String {
        "print " + (prefix.isEmpty ? "" : TerminalText.escape(prefix) + ": ") + TerminalText.escape(text) + "\n"
    }

    private static let printTrampoline: cls_print_fn = { prefix, text, length in
        let prefix = prefix.map { String(cString: $0) } ?? ""
        let body = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
        var line = printLine(prefix: prefix, text: body)
        line.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = posixWrite(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}
