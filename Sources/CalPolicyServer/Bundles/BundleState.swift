import Foundation

/// What the bundle puller has done, for `/ready`, `/v1/status` and `/metrics`: the revision
/// answering, when the server last asked, last downloaded and last activated, and the last
/// failure. One lock; every field is read as one snapshot.
final class BundleState: @unchecked Sendable {
    struct Failure: Sendable, Equatable {
        /// `download_failed`, `http_status`, `too_large`, `timed_out`, `rejected`, `signature`,
        /// `stacks_changed`, `state_dir`, `activation_refused`.
        var code: String
        var message: String
        /// The bundle server's status, when it answered with one other than 200 or 304.
        var httpStatus: Int?
        var at: Date
    }

    struct Snapshot: Sendable {
        var url: String
        var signed: Bool
        var activeRevision: String?
        /// The active bundle's archive digest (SHA-256, hex).
        var activeDigest: String?
        /// The data versions the active bundle's manifest names (its builder's).
        var tzdata: String?
        var holidays: String?
        var lastRequest: Date?
        var lastSuccessfulDownload: Date?
        var lastSuccessfulActivation: Date?
        var lastError: Failure?
        var activations = 0
        var refusals = 0
        var fromPersisted = false
    }

    private let lock = NSLock()
    private var state: Snapshot

    init(url: String, signed: Bool) {
        state = Snapshot(url: url, signed: signed)
    }

    var snapshot: Snapshot { lock.withLock { state } }

    /// Whether a bundle is answering: until then `/ready` is 503 and decisions are refused.
    var isActive: Bool { lock.withLock { state.activeRevision != nil } }

    func requested(at date: Date) { lock.withLock { state.lastRequest = date } }

    func downloaded(at date: Date) { lock.withLock { state.lastSuccessfulDownload = date } }

    func activated(revision: String, digest: String, tzdata: String?, holidays: String?, at date: Date?, persisted: Bool) {
        lock.withLock {
            state.activeRevision = revision
            state.activeDigest = digest
            state.tzdata = tzdata
            state.holidays = holidays
            state.fromPersisted = persisted
            if let date {
                state.lastSuccessfulActivation = date
                state.activations += 1
            }
        }
    }

    /// The persisted bundle turned out not to load: nothing is active.
    func deactivate() {
        lock.withLock {
            state.activeRevision = nil
            state.activeDigest = nil
            state.fromPersisted = false
        }
    }

    func failed(_ failure: Failure) {
        lock.withLock {
            state.lastError = failure
            state.refusals += 1
        }
    }
}
