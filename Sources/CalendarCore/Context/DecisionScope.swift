/// Where a policy applies, as data (`scope = { environment = { "production" }, exclude = { service
/// = { "status-page" } } }`), so exporters, integrations and `explain` read it without running Lua.
///
/// Values are exact strings or `*` globs; several keys all have to match. The rule for a key the
/// question does not give: it does not exclude. So a forgotten context never opens a scoped
/// freeze, and every answer without context stays what it was.
public struct DecisionScope: Hashable, Sendable {
    /// Key to accepted patterns: the question is outside the scope when it names a value none
    /// of them matches.
    public let include: [String: [String]]
    /// Key to patterns: the question is outside the scope when it names, for every key here, a
    /// value one of its patterns matches.
    public let exclude: [String: [String]]
    /// The same, compiled once: every policy call asks `isOutside`, so no pattern is split and
    /// no key sorted per call.
    private let compiledInclude: [(key: String, patterns: [Pattern])]
    private let compiledExclude: [(key: String, patterns: [Pattern])]

    public init(include: [String: [String]] = [:], exclude: [String: [String]] = [:]) {
        (self.include, self.exclude) = (include, exclude)
        compiledInclude = include.keys.sorted().map { ($0, (include[$0] ?? []).map(Pattern.init)) }
        compiledExclude = exclude.keys.sorted().map { ($0, (exclude[$0] ?? []).map(Pattern.init)) }
    }

    public static func == (lhs: DecisionScope, rhs: DecisionScope) -> Bool {
        lhs.include == rhs.include && lhs.exclude == rhs.exclude
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(include)
        hasher.combine(exclude)
    }

    /// Whether the question is outside the scope (`outside` without its words): what each
    /// policy call asks. A context without keys is never outside (a missing key never excludes).
    @inline(__always)
    public func isOutside(_ context: DecisionContext) -> Bool {
        guard !context.isEmpty else { return false }
        for entry in compiledInclude {
            guard let value = context.value(of: entry.key) else { continue }
            if !entry.patterns.contains(where: { $0.matches(value) }) { return true }
        }
        guard !compiledExclude.isEmpty else { return false }
        for entry in compiledExclude {
            guard let value = context.value(of: entry.key), entry.patterns.contains(where: { $0.matches(value) })
            else { return false }
        }
        return true
    }

    /// A pattern: a string matched exactly, or with `*` globs, split once.
    private struct Pattern: Sendable {
        let exact: String?
        let parts: [String]

        init(_ text: String) {
            if text.contains("*") {
                (exact, parts) = (nil, text.split(separator: "*", omittingEmptySubsequences: false).map(String.init))
            } else {
                (exact, parts) = (text, [])
            }
        }

        func matches(_ value: String) -> Bool {
            if let exact { return exact == value }
            return DecisionScope.matches(parts: parts, value)
        }
    }

    /// The override's rule, the opposite of `isOutside`'s: the question gives every key of
    /// `include` and each matches, and it is clearly not excluded (some key of `exclude` given
    /// with a value none of its patterns match; a missing key could be excluded, so it does
    /// not count). A forgotten context never lets an override through.
    public func covers(_ context: DecisionContext) -> Bool {
        for entry in compiledInclude {
            guard let value = context.value(of: entry.key), entry.patterns.contains(where: { $0.matches(value) })
            else { return false }
        }
        guard !compiledExclude.isEmpty else { return true }
        return compiledExclude.contains { entry in
            guard let value = context.value(of: entry.key) else { return false }
            return !entry.patterns.contains(where: { $0.matches(value) })
        }
    }

    /// Whether some question could be both in this scope (a policy's) and covered by `override`
    /// (an override's scope): false only when, for a key both name, every value the override
    /// accepts is an exact string this scope's patterns refuse. Conservative: a glob, an
    /// exclusion or a key only one side names never rules a meeting out.
    public func mayMeet(_ override: DecisionScope) -> Bool {
        for (key, patterns) in include {
            guard let theirs = override.include[key] else { continue }
            let apart = theirs.allSatisfy { value in
                !value.contains("*") && !patterns.contains { Self.matches($0, value) }
            }
            if apart { return false }
        }
        return true
    }

    /// Nil when the question is in scope; else why not (`environment is 'staging'`).
    public func outside(_ context: DecisionContext) -> String? {
        guard isOutside(context) else { return nil }
        for key in include.keys.sorted() {
            guard let value = context.value(of: key) else { continue }
            if !(include[key] ?? []).contains(where: { Self.matches($0, value) }) { return "\(key) is '\(value)'" }
        }
        guard !exclude.isEmpty else { return nil }
        var named: [String] = []
        for key in exclude.keys.sorted() {
            guard let value = context.value(of: key), (exclude[key] ?? []).contains(where: { Self.matches($0, value) })
            else { return nil }
            named.append("\(key) is '\(value)'")
        }
        return named.joined(separator: ", ") + " (excluded)"
    }

    /// How `explain` says it: "in scope: environment is 'production'" or "environment not given (a
    /// scoped policy applies when its key is missing)".
    public func inScopeNote(_ context: DecisionContext) -> String {
        let missing = include.keys.sorted().filter { context.value(of: $0) == nil }
        let given = include.keys.sorted().compactMap { key in context.value(of: key).map { "\(key) is '\($0)'" } }
        var parts = given
        if !missing.isEmpty {
            parts.append(missing.joined(separator: ", ") + " not given (a scoped policy applies when its key is missing)")
        }
        return "in scope" + (parts.isEmpty ? "" : ": " + parts.joined(separator: "; "))
    }

    /// `*` matches any run of characters (none included); everything else itself.
    public static func matches(_ pattern: String, _ value: String) -> Bool {
        guard pattern.contains("*") else { return pattern == value }
        return matches(parts: pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init), value)
    }

    /// A glob split at its `*`s.
    static func matches(parts: [String], _ value: String) -> Bool {
        var rest = Substring(value)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
            if part.isEmpty { continue }
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}
