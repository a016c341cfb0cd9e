import CalendarCore

/// Two versions of a policy evaluated over the same span, and every day they disagree on.
public struct PolicyDiff: Hashable, Sendable {
    public var old: String
    public var new: String
    public var span: DaySpan
    public var changes: [DayChange]

    /// `old` and `new` are files already on disk (see `PolicyRevision` for `git:REV:path`);
    /// `oldName`/`newName` are how they are reported; `oldSource`/`newSource`, when given,
    /// are their bytes already read. `builtIns` stack after each version.
    public static func compare(old: String, new: String, oldName: String? = nil, newName: String? = nil,
                               oldSource: [UInt8]? = nil, newSource: [UInt8]? = nil, span: DaySpan, context: PolicyContext,
                               limits: LuaPolicyOptions = .init(), builtIns: [any DayPolicy] = []) throws(PolicyError) -> PolicyDiff {
        var options = limits
        options.today = context.today ?? limits.today
        let before = try evaluate(old, source: oldSource, reportedAs: oldName, span: span, context: context, options: options,
                                  builtIns: builtIns)
        let after = try evaluate(new, source: newSource, reportedAs: newName, span: span, context: context, options: options,
                                 builtIns: builtIns)
        return PolicyDiff(old: oldName ?? old, new: newName ?? new, span: span,
                          changes: DayChange.between(before, after))
    }

    private static func evaluate(_ path: String, source: [UInt8]?, reportedAs name: String?, span: DaySpan, context: PolicyContext,
                                 options: LuaPolicyOptions, builtIns: [any DayPolicy]) throws(PolicyError) -> [DayRecord] {
        do {
            let policy: any DayPolicy = if HolidayReference.isReference(path) {
                try HolidayReference.builtInPolicy(path)
            } else if let source {
                try LuaPolicy(path: path, source: source, options: options)
            } else {
                try LuaPolicy(path: path, options: options)
            }
            return try DayRecord.evaluate(PolicyStack([policy] + builtIns), span: span, context: context)
        } catch let error as PolicyError {
            var renamed = error
            if let name, renamed.file == path { renamed.file = name }
            throw renamed
        } catch {
            throw PolicyError(kind: .runtime, file: name ?? path, message: "\(error)")
        }
    }
}
