import Synchronization

/// A flag set once from any thread (a stuck run, a stopping server).
final class StuckFlag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
