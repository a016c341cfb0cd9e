import CalendarCore
import CalendarData
import CalPolicyRequests
import Foundation
import Glibc

/// The server's overrides folder (`--overrides DIR`, or `overrides/` under `--state-dir`): its
/// files as last read, and a generation that moves whenever they change, which every cached
/// answer's key holds (an override added or ended is never hidden behind a cached answer).
/// Looked at on each housekeeping turn with `--watch`, on SIGHUP, and after every write
/// through the API; a file is read again only when its name, inode, size or time changed.
final class OverrideStore: @unchecked Sendable {
    struct Snapshot: Sendable {
        var generation: UInt64
        var entries: [OverrideFolder.Entry]
        /// The folder itself could not be read (then no override applies: closed stays closed).
        var problem: OverrideProblem?

        var overrides: [Override] {
            entries.compactMap { if case .loaded(let override, _) = $0 { override } else { nil } }
        }
    }

    let folder: String
    /// Writes through `POST`/`DELETE /v1/overrides` are taken: a writable local folder.
    let writable: Bool
    private let state: LockedValue<(snapshot: Snapshot, signature: [String])>
    /// The overrides that stand for each stack version (`OverrideReview.load`), for one generation.
    private let reviews = LockedValue<(generation: UInt64, byVersion: [String: [Override]])>((0, [:]))

    init(folder: String, writable: Bool) {
        self.folder = folder
        self.writable = writable
        state = LockedValue((Snapshot(generation: 0, entries: []), ["-"]))
        refresh(force: true)
    }

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    /// The snapshot's overrides that stand for `version` (`OverrideReview.load` against its
    /// policies), reviewed once per (generation, stack version) rather than on every request; a
    /// new generation reviews anew.
    func reviewed(_ snapshot: Snapshot, for version: StackVersion) -> [Override] {
        let key = version.name + "\u{0}" + version.version
        if let known = reviews.withLock({ $0.generation == snapshot.generation ? $0.byVersion[key] : nil }) { return known }
        let standing = OverrideReview.load(snapshot.entries, policies: version.overridable).overrides
        reviews.withLock { cached in
            // Only the newest generation is kept; a reload's new versions replace the old ones' entries in time.
            if cached.generation < snapshot.generation || cached.byVersion.count >= 64 { cached = (snapshot.generation, [:]) }
            if cached.generation == snapshot.generation { cached.byVersion[key] = standing }
        }
        return standing
    }

    /// Reads the folder again when it changed (or when `force`); logs each refused file once per
    /// change, naming file and field.
    func refresh(force: Bool = false) {
        let signature = Self.signature(folder)
        let unchanged = state.withLock { $0.signature == signature }
        if unchanged && !force { return }
        var snapshot = Snapshot(generation: 0, entries: [])
        do {
            snapshot.entries = try OverrideFolder.read(folder)
        } catch {
            snapshot.problem = error
            ServerEvent.log("error", "calpolicy-serve: --overrides: \(error.file): \(error.detail); no override applies")
        }
        for case .refused(let problem) in snapshot.entries {
            ServerEvent.log("error", "calpolicy-serve: override refused: \(problem.file): \(problem.detail)")
        }
        state.withLock { current in
            snapshot.generation = current.snapshot.generation + 1
            current = (snapshot, signature)
        }
    }

    /// Every `*.json` file's name, inode, size and time, in name order.
    static func signature(_ folder: String) -> [String] {
        guard let files = try? OverrideFolder.files(folder) else { return ["!"] }
        return files.map { path in
            guard let key = FileKey.of(path) else { return path + ":gone" }
            return "\(path):\(key.inode):\(key.size):\(key.modified)"
        }
    }

    /// The folder for `--overrides` / `--state-dir`: `explicit` as given, else `STATE/overrides`,
    /// created owner-only. Writable when it is a folder this process may write.
    static func folder(explicit: String?, stateDir: String?) throws(ServeStateError) -> (path: String, writable: Bool)? {
        if let stateDir { try ServeStateDirectory.prepare(stateDir) }
        let path: String
        if let explicit {
            path = explicit
        } else if let stateDir {
            path = stateDir + "/overrides"
            try ServeStateDirectory.prepare(path)
        } else {
            return nil
        }
        var info = stat()
        let isFolder = stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        return (path, isFolder && access(path, W_OK) == 0)
    }
}
