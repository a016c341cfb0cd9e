/// Scanned arguments of one command: raw strings, not yet converted to values.
struct ParsedArguments: Sendable {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    mutating func add(flag name: String) { flags.insert(name) }
    mutating func add(value: String, for name: String) { values[name, default: []].append(value) }
    mutating func add(positional: String) { positionals.append(positional) }

    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
}
