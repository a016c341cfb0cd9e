import Glibc

/// The run a thread is performing, kept in a pthread key as an unretained pointer:
/// `PolicyRun.perform` holds the run alive for as long as it is installed.
enum CurrentRun {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static func get() -> PolicyRun? {
        pthread_getspecific(key).map { Unmanaged<PolicyRun>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Makes `run` the thread's run; returns what `restore` puts back.
    static func install(_ run: PolicyRun) -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(run).toOpaque())
        return previous
    }

    static func restore(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, previous)
    }
}
