import CalendarData
import Foundation
import Glibc

/// `--state-dir/github/`: one file per delivery (`<X-GitHub-Delivery>.json`), written whole with
/// `AtomicFile`. A delivery's file is made with `O_EXCL` semantics (`AtomicFile.create`), so a
/// replayed delivery finds it and is not decided twice; a finished one is kept 72 hours (GitHub
/// redelivers within days, by hand) and then removed.
final class GitHubDeploymentStore: @unchecked Sendable {
    let folder: String
    static let keepSeconds: Int64 = 72 * 3600
    private let lock = NSLock()

    init(stateDir: String) throws(ServeStateError) {
        folder = stateDir + "/github"
        try ServeStateDirectory.prepare(stateDir)
        try ServeStateDirectory.prepare(folder)
    }

    /// A delivery id is a GUID; anything else is refused before it names a file.
    static func isDeliveryID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-")
        }
    }

    private func path(_ delivery: String) -> String { folder + "/" + delivery + ".json" }

    /// Records a new delivery; false when it was seen before (a replay).
    func claim(_ deployment: GitHubDeployment) throws(FileWriteProblem) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        do { try AtomicFile.create(path(deployment.delivery), bytes: Self.encode(deployment), mode: 0o600) } catch {
            if error == .exists { return false }
            throw error
        }
        return true
    }

    func save(_ deployment: GitHubDeployment) throws(FileWriteProblem) {
        lock.lock()
        defer { lock.unlock() }
        try AtomicFile.replace(path(deployment.delivery), bytes: Self.encode(deployment), mode: 0o600)
    }

    func load(_ delivery: String) -> GitHubDeployment? {
        guard let bytes = try? RegularFile.read(path(delivery), limit: 64 << 10) else { return nil }
        return try? JSONDecoder().decode(GitHubDeployment.self, from: Data(bytes))
    }

    /// Every record, after removing finished ones older than `keepSeconds`.
    func all(now: Int64) -> [GitHubDeployment] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var out: [GitHubDeployment] = []
        for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".") {
            guard let record = load(String(name.dropLast(5))) else { continue }
            if record.isFinished && now - record.received > Self.keepSeconds {
                unlink(path(record.delivery))
                continue
            }
            out.append(record)
        }
        return out
    }

    static func encode(_ deployment: GitHubDeployment) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array((try? encoder.encode(deployment)) ?? Data()) + [0x0A]
    }
}
