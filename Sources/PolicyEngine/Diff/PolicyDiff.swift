import CalendarCore

/// Two versions of a policy evaluated over the same span, and every day they disagree on.
public struct PolicyDiff: Hashable, Sendable {
    public var old: String
    public var new: String
    public var span: DaySpan
    public var changes: [DayChange]

    /// `old` and `new` are files already on disk (see `PolicyRevision` for `git:REV:path`);
    /// `oldName`/`newName` are how they are reported.
    public static func compare(old: String, new: String, oldName: String? = nil, newName: String? = nil,
                               span: DaySpan, context: PolicyContext,
                               limits: LuaPolicyOptions = .init()) throws(PolicyError) -> PolicyDiff {
        var options = limits
        options.today = context.today ?? limits.today
        let before = try evaluate(old, reportedAs: oldName, span: span, context: context, options: options)
        let after = try evaluate(new, reportedAs: newName, span: span, context: context, options: options)
        return PolicyDiff(old: oldName ?? old, new: newName ?? new, span: span,
                          changes: DayChange.between(before, after))
    }

    private static func evaluate(_ path: String, reportedAs name: String?, span: DaySpan, context: PolicyContext,
                                 options: LuaPolicyOptions) throws(PolicyError) -> [DayRecord] {
        do {
            let policy = try LuaPolicy(path: path, options: options)
            return try DayRecord.evaluate(PolicyStack([policy]), span: span, context: context)
        } catch let error as PolicyError {
            var renamed = error
            if let name, renamed.file == path { renamed.file = name }
            throw renamed
        } catch {
            throw PolicyError(kind: .runtime, file: name ?? path, message: "\(error)")
        }
    }
}
