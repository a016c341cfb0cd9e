#if canImport(Glibc)
import Glibc
#endif

/// Runs work on a thread with a 64 MiB stack and waits for it.
///
/// Lua's guard against C-stack overflow (LUAI_MAXCCALLS) assumes far more native stack
/// than the 512 KiB-8 MiB a main or pool thread may have; a deeply recursive policy must
/// meet Lua's "stack overflow" error, not a segfault.
enum LargeStack {
    static let size = 64 << 20

    static func run<T>(_ body: @escaping () -> T) -> T {
        let job = Job { body() }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, size)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(job).toOpaque()
        let status = pthread_create(&thread, &attributes, { raw in
            guard let raw else { return nil }
            let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
            job.work()
            return nil
        }, context)
        if status != 0 {
            // No thread: run here rather than fail; only deep recursion is at risk.
            Unmanaged<Job>.fromOpaque(context).release()
            return body()
        }
        pthread_join(thread, nil)
        guard let result = job.result as? T else { return body() }
        return result
    }

    private final class Job: @unchecked Sendable {
        let run: () -> Any
        var result: Any?
        init(_ run: @escaping () -> Any) { self.run = run }
        func work() { result = run() }
    }
}
