internal import CLua
internal import CLuaShim

/// Every pointer the Lua bridge touches lives here: the `lua_State`, C strings and
/// the callback context. Lua errors never cross these frames — each call below is
/// one C function that runs its Lua work under `lua_pcall` and returns a status.
final class UnsafeLuaState {
    let state: OpaquePointer
    /// Kept for the state's lifetime: C holds it unretained as the print context.
    private let printSink: PrintSink?

    init(options: LuaStateOptions) throws(LuaError) {
        var config = cls_config()
        config.memory_limit = options.memoryLimit > 0 ? options.memoryLimit : LuaLimits.memory
        config.pool = options.memoryPool?.raw
        config.instruction_budget = Int64(options.instructionBudget)
        config.load_budget = Int64(options.loadBudget)
        config.hook_enabled = options.hookEnabled ? 1 : 0
        config.budget_sliced = options.budgetMode == .sliced ? 1 : 0
        if let print = options.print {
            let sink = PrintSink(print)
            printSink = sink
            config.print_line = UnsafeLuaState.printTrampoline
            config.print_context = Unmanaged.passUnretained(sink).toOpaque()
        } else {
            printSink = nil
        }
        if let library = options.cExtension {
            config.extension = library.hooks.assumingMemoryBound(to: cls_extension.self)
            config.extension_data = library.data
        }
        var error = cls_error()
        guard let opened = UnsafeLuaState.open(&config, compileCache: options.compileCache, error: &error) else {
            throw UnsafeLuaState.error(from: &error, status: LUA_ERRMEM)
        }
        state = opened
    }

    deinit { cls_close(state) }

    /// cls_open with the cache's path as a C string for the call (cls_open copies it).
    private static func open(_ config: inout cls_config, compileCache: String?,
                             error: inout cls_error) -> OpaquePointer? {
        guard let compileCache else { return cls_open(&config, &error) }
        return compileCache.withCString { path in
            config.compile_cache = path
            defer { config.compile_cache = nil }
            return cls_open(&config, &error)
        }
    }

    var memoryUsed: Int { cls_memory_used(state) }

    var budgetSpent: Int { Int(cls_budget_spent(state)) }

    var lastChunkCached: Bool { cls_chunk_cached(state) != 0 }

    // MARK: - The one choke point from a Lua status to a typed error

    func check(_ status: Int32) throws(LuaError) {
        guard status != LUA_OK else { return }
        guard let record = cls_last_error(state) else {
            throw LuaError(kind: .runtime, message: "unknown error (status \(status))")
        }
        var copy = record.pointee
        var error = UnsafeLuaState.error(from: &copy, status: status)
        // A message longer than the record holds is read whole from the state.
        var length = 0
        if let whole = cls_last_error_whole(state, &length) {
            error.message = String(decoding: UnsafeRawBufferPointer(start: whole, count: length), as: UTF8.self)
        }
        throw error
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

    /// Holds the host's print handler for C, which sees it as an opaque pointer.
    private final class PrintSink {
        let print: LuaPrint
        init(_ print: @escaping LuaPrint) { self.print = print }
    }

    /// A `print` call: hands the text to the host's handler.
    private static let printTrampoline: cls_print_fn = { context, text, length in
        guard let context else { return }
        let sink = Unmanaged<PrintSink>.fromOpaque(context).takeUnretainedValue()
        sink.print(text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "")
    }
}
