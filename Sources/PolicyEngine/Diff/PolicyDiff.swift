import CalendarData
import CalendarCore

/// Two versions of a policy evaluated over the same span, and every day they disagree on.
public struct PolicyDiff: Sendable {
    public var old: String
    public var new: String
    public var span: DaySpan
    public var changes: [DayChange]
    /// The runs of closed time the versions disagree on (either defines `hoursFor`), and the
    /// zone the span's days and their wall times are read in.
    public var windows: [WindowChange]
    public var zone: ZoneWallTime

    public init(old: String, new: String, span: DaySpan, changes: [DayChange], windows: [WindowChange] = [],
                zone: ZoneWallTime = .utc) {
        (self.old, self.new, self.span, self.changes, self.windows, self.zone) = (old, new, span, changes, windows, zone)
    }

    /// Nothing differs: no day and no window of closed time.
    public var isEmpty: Bool { changes.isEmpty && windows.isEmpty }

    /// `old` and `new` are files already on disk (see `PolicyRevision` for `git:REV:path`);
    /// `oldName`/`newName` are how they are reported; `oldSource`/`newSource`, when given,
    /// are their bytes already read. `builtIns` stack after each version.
    public static func compare(old: String, new: String, oldName: String? = nil, newName: String? = nil,
                               oldSource: [UInt8]? = nil, newSource: [UInt8]? = nil, span: DaySpan, context: PolicyContext,
                               limits: LuaPolicyOptions = .init(), builtIns: [any DayPolicy] = [],
                               zone: ZoneWallTime = .utc) throws(PolicyError) -> PolicyDiff {
        var options = limits
        options.today = context.today ?? limits.today
        let before = try evaluate(old, source: oldSource, reportedAs: oldName, span: span, context: context, options: options,
                                  builtIns: builtIns, zone: zone)
        let after = try evaluate(new, source: newSource, reportedAs: newName, span: span, context: context, options: options,
                                 builtIns: builtIns, zone: zone)
        let windows = before.windows == nil && after.windows == nil ? []
            : WindowChange.between(before.windows ?? [], after.windows ?? [])
        return PolicyDiff(old: oldName ?? old, new: newName ?? new, span: span,
                          changes: DayChange.between(before.days, after.days), windows: windows, zone: zone)
    }

    /// A version's days and, when its stack defines hours, its runs of closed time over the span's
    /// days in `zone` (as `gate` and the exports see them).
    private static func evaluate(_ path: String, source: [UInt8]?, reportedAs name: String?, span: DaySpan, context: PolicyContext,
                                 options: LuaPolicyOptions, builtIns: [any DayPolicy],
                                 zone: ZoneWallTime) throws(PolicyError) -> (days: [DayRecord], windows: [FreezeWindow]?) {
        do {
            let policy: any DayPolicy = if HolidayReference.isReference(path) {
                try HolidayReference.builtInPolicy(path)
            } else if let source {
                try LuaPolicy(path: path, source: source, options: options)
            } else {
                try LuaPolicy(path: path, options: options)
            }
            let stack = PolicyStack([policy] + builtIns)
            let days = try DayRecord.evaluate(stack, span: span, context: context)
            guard stack.policies.contains(where: \.definesHours) else { return (days, nil) }
            let timeline = HoursTimeline(stack: stack, zone: zone, context: context)
            let pieces = try timeline.closedPieces(from: zone.instant(of: span.first, minute: 0),
                                                   to: zone.instant(of: span.last, minute: 1440))
            return (days, FreezeWindow.merge(pieces))
        } catch let error as PolicyError {
            var renamed = error
            if let name, renamed.file == path { renamed.file = name }
            throw renamed
        } catch {
            throw PolicyError(kind: .runtime, file: name ?? path, message: "\(error)")
        }
    }
}
