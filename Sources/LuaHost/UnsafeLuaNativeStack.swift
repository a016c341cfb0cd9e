internal import CLuaShim

extension LuaNativeStack {
    /// Runs `job` on a fresh thread of `threadStackSize` bytes and joins it. The job crosses
    /// into C as a retained pointer that the thread takes back; when no thread starts, it is
    /// released here. Returns 0, or pthread_create's error.
    static func runJoined(_ job: Job) -> Int32 {
        let context = Unmanaged.passRetained(job).toOpaque()
        let status = cls_run_with_stack({ pointer in
            guard let pointer else { return }
            Unmanaged<Job>.fromOpaque(pointer).takeRetainedValue().work()
        }, context, Int.max, threadStackSize)
        if status != 0 { Unmanaged<Job>.fromOpaque(context).release() }
        return status
    }
}
