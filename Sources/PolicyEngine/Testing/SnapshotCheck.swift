import CalendarData
import CalendarCore
import Foundation

/// Compares a stored snapshot with what its policies answer now (or rewrites it).
enum SnapshotCheck {
    static func verify(_ path: String, name: String, folder: PolicyTestDiscovery.TestedFolder,
                       options: PolicyTestOptions) throws(PolicyError) -> PolicyTestResult {
        let limits = options.limits
        let data: [UInt8]
        do { data = try RegularFile.read(path, limit: PolicySnapshot.fileLimit) } catch {
            throw PolicyError(kind: .io, file: path, message: "cannot read the snapshot: it \(error)")
        }
        let stored: PolicySnapshot
        do {
            stored = try PolicySnapshot.decode(String(decoding: data, as: UTF8.self))
        } catch {
            return PolicyTestResult(kind: .snapshot, file: path, name: name, line: 1, failures: [
                PolicyTestFailure(file: path, line: 1, expected: "a snapshot file", actual: error.description),
            ])
        }
        let base = PolicyTestDiscovery.directory(of: PolicyTestDiscovery.directory(of: path))
        var paths: [String] = []
        for policy in stored.policies {
            if HolidayReference.isReference(policy) { paths.append(policy); continue }
            paths.append(try PolicyTestDiscovery.resolve(policy, besideFileIn: base, folder: folder, namedBy: path,
                                                         line: nil, what: "snapshot policy"))
        }
        let current: PolicySnapshot
        do {
            var zone: ZoneWallTime?
            if let name = stored.timeZone {
                switch ZoneNames.resolve(name) {
                case .success(let resolved): zone = resolved
                case .failure(let problem):
                    return PolicyTestResult(kind: .snapshot, file: path, name: name, line: 1, failures: [
                        PolicyTestFailure(file: path, line: 1, expected: "a snapshot file", actual: "timeZone " + problem.message),
                    ])
                }
            }
            current = try PolicySnapshot.make(paths: paths, names: stored.policies, span: stored.span,
                                              today: stored.today, limits: limits, builtIns: options.builtIns,
                                              calendar: options.calendar, zone: zone)
        } catch where error.kind != .timeout {
            // A stale snapshot (its policy renamed or gone) or a policy that fails is this
            // snapshot's failure, named by it; the rest of the run goes on. A stopped run does not.
            return PolicyTestResult(kind: .snapshot, file: path, name: name, line: 1, failures: [
                PolicyTestFailure(file: path, line: 1, expected: "its policies to answer",
                                  actual: error.description),
            ])
        }
        if options.updateSnapshots {
            let changed = current != stored
            if changed {
                guard let encode = options.snapshotText else {
                    throw PolicyError(kind: .io, file: path, message: "no snapshot writer was given to rewrite the snapshot")
                }
                do {
                    try Data(encode(current).utf8).write(to: URL(fileURLWithPath: path))
                } catch {
                    throw PolicyError(kind: .io, file: path, message: "cannot write the snapshot")
                }
            }
            return PolicyTestResult(kind: .snapshot, file: path, name: name, line: 1, failures: [], updated: changed)
        }
        let lineOf = Dictionary(stored.days.enumerated().map { ($0.element.day, $0.offset + stored.headerLines + 1) },
                                uniquingKeysWith: { first, _ in first })
        let failures = DayChange.between(stored.days, current.days).map { change in
            PolicyTestFailure(file: path, line: lineOf[change.day] ?? 1,
                              expected: "\(change.day.iso) \(change.old?.summary ?? "(absent)")",
                              actual: change.new?.summary ?? "(absent)")
        }
        return PolicyTestResult(kind: .snapshot, file: path, name: name, line: 1, failures: failures)
    }
}

extension PolicySnapshot {
    /// Evaluates `paths` (stored under `names`) over `span` with a fixed today; `sources`,
    /// when given, are the files' bytes already read (one per path). `builtIns` stack after
    /// the files; policies see `calendar` as the displayed calendar.
    public static func make(paths: [String], sources: [[UInt8]]? = nil, names: [String], span: DaySpan, today: Day,
                            limits: LuaPolicyOptions = .init(), builtIns: [any DayPolicy] = [],
                            calendar: any CalendarSystem = GregorianCalendarSystem(),
                            zone: ZoneWallTime? = nil) throws(PolicyError) -> PolicySnapshot {
        var options = limits
        options.today = today
        var policies: [any DayPolicy] = []
        for (index, path) in paths.enumerated() {
            if HolidayReference.isReference(path) {
                policies.append(try HolidayReference.builtInPolicy(path))
            } else if let sources, sources.indices.contains(index) {
                policies.append(try LuaPolicy(path: path, source: sources[index], options: options))
            } else {
                policies.append(try LuaPolicy(path: path, options: options))
            }
        }
        var days: [DayRecord]
        let stack = PolicyStack(policies + builtIns)
        let context = PolicyContext(calendar: calendar, today: today)
        // A stack with hours records each day's closed time in `zone` (default UTC), as gate sees it.
        let hoursZone: ZoneWallTime? = stack.policies.contains(where: \.definesHours) ? zone ?? .utc : nil
        do {
            days = try DayRecord.evaluate(stack, span: span, context: context)
            if let hoursZone {
                let timeline = HoursTimeline(stack: stack, zone: hoursZone, context: context)
                for index in days.indices {
                    let day = days[index].day
                    days[index].intervals = try timeline.closedPieces(from: hoursZone.instant(of: day, minute: 0),
                                                                     to: hoursZone.instant(of: day, minute: 1440)).map {
                        DayRecord.ClosedInterval(from: hoursZone.iso($0.start), to: hoursZone.iso($0.end), reason: $0.reason)
                    }
                }
            }
        } catch let error as PolicyError {
            throw error
        } catch {
            throw PolicyError(kind: .runtime, file: paths.first ?? "", message: "\(error)")
        }
        return PolicySnapshot(policies: names, span: span, today: today, timeZone: hoursZone?.identifier, days: days)
    }
}
