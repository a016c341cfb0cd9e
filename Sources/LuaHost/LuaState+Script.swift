internal import CLuaShim

/// Entry points for tools around policies (policy tests, coverage, explain):
/// calling a script's own function, and tracing which lines of a policy ran.
extension LuaState {
    /// Calls the global function `name` with `argument`; it must return a string.
    public func callGlobal(_ name: String, argument: String) throws(LuaError) -> String {
        try raw.callGlobal(name, argument: argument)
    }

    /// Starts or stops tracing the policy chunk. Off by default: it costs a hook per line.
    /// Mutes or unmutes the state's `print` (a replayed call says nothing twice).
    public func setPrintMuted(_ on: Bool) {
        cls_print_mute(raw.state, on ? 1 : 0)
    }

    /// `returnsOnly`: only `lastReturnLine` is wanted (no line counts), so the hook fires at
    /// returns alone, not at every line.
    public func setTracing(_ on: Bool, returnsOnly: Bool = false) throws(LuaError) {
        guard cls_trace_enable(raw.state, on ? (returnsOnly ? CLS_TRACE_RETURNS : CLS_TRACE_LINES) : 0) == 0 else {
            throw LuaError(kind: .memory, message: "cannot allocate the line trace")
        }
    }

    /// How often each line of the policy chunk ran since tracing started, by line number.
    public var tracedLines: [Int: Int] { traced(decided: false) }

    /// How often a `return` on each line ended a call (the line that decided).
    public var decidingLines: [Int: Int] { traced(decided: true) }

    private func traced(decided: Bool) -> [Int: Int] {
        var count = 0
        guard let lines = cls_trace_lines(raw.state, decided ? 1 : 0, &count) else { return [:] }
        var result: [Int: Int] = [:]
        for line in 0..<count where lines[line] > 0 { result[line] = Int(lines[line]) }
        return result
    }

    /// The line of the `return` that ended the last call in the policy chunk (tracing on).
    public var lastReturnLine: Int? {
        let line = cls_trace_last_return(raw.state)
        return line > 0 ? Int(line) : nil
    }
}
