/// The raw values of one request, keyed by the catalogue's option names, not yet converted:
/// the CLI's scanner fills them from argv, the server from the query, and the resolvers turn
/// them into typed values (a `Day`, a `DisplaySettings`, a span) with errors keyed by option.
public struct RequestValues: Sendable {
    public private(set) var values: [String: [String]] = [:]
    public private(set) var flags: Set<String> = []
    public private(set) var positionals: [String] = []

    public init() {}

    public mutating func add(flag name: String) { flags.insert(name) }
    public mutating func add(value: String, for name: String) { values[name, default: []].append(value) }
    public mutating func add(value: String, for option: OptionSpec) { add(value: value, for: option.name) }
    public mutating func add(positional: String) { positionals.append(positional) }
    /// Replaces every value of `option` with `value` (a server's default overridden by the query).
    public mutating func set(_ value: String, for option: OptionSpec) { values[option.name] = [value] }
    /// Every value of `option` replaced by `all` (in order).
    public mutating func set(_ all: [String], for option: OptionSpec) { values[option.name] = all }

    public func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
    public func has(_ option: OptionSpec) -> Bool { has(option.name) }
    public func value(_ name: String) -> String? { values[name]?.last }
    public func value(_ option: OptionSpec) -> String? { value(option.name) }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
}
