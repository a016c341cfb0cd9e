internal import CLuaShim

/// Lua's "C stack overflow" guard allows 200 nested C calls, which needs more
/// native stack than some threads have (a few hundred KiB; more under sanitizers).
/// Work that enters Lua goes through here: it runs in place when enough stack is
/// left, otherwise on a fresh thread with a large stack, joined before returning.
public enum LuaNativeStack {
    #if DEBUG
    /// Debug and sanitizer builds use much bigger frames.
    public static let requiredHeadroom = 4 << 20
    #else
    public static let requiredHeadroom = 1 << 20
    #endif
    public static let threadStackSize = 32 << 20

    /// Whether this thread can enter Lua directly.
    public static var hasHeadroom: Bool { cls_stack_headroom() >= requiredHeadroom }

    public static func run<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        if hasHeadroom { return try body() }
        return try onLargeStack(body)
    }

    /// Always on a fresh large-stack thread (also used by tests to prove the path).
    public static func onLargeStack<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        var result: Result<T, LuaError>?
        withoutActuallyEscaping(body) { escapable in
            let job = Job {
                do throws(LuaError) { result = .success(try escapable()) } catch { result = .failure(error) }
            }
            let status = runJoined(job)
            if status != 0 {
                result = .failure(LuaError(kind: .memory, message: "cannot start a thread for the policy (error \(status))"))
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw error
        case nil: throw LuaError(kind: .runtime, message: "the policy thread did not finish")
        }
    }

    /// The work a fresh thread runs (`runJoined`).
    final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
}
