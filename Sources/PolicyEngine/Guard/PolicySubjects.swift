import CalendarData

/// Small numbers for the things a run notes as running (policy paths, test files), so
/// noting one is a few integer stores and only a stuck run formats a name.
/// Append-only and deduplicated: bounded by the distinct paths a process loads.
final class PolicySubjects: Sendable {
    static let shared = PolicySubjects()
    private let names = LockedValue<(list: [String], index: [String: Int])>(([], [:]))

    func id(for name: String) -> Int {
        names.withLock { names in
            if let id = names.index[name] { return id }
            names.list.append(name)
            names.index[name] = names.list.count - 1
            return names.list.count - 1
        }
    }

    func name(of id: Int) -> String? {
        names.withLock { $0.list.indices.contains(id) ? $0.list[id] : nil }
    }
}
