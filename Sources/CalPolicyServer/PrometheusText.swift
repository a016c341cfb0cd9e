/// The Prometheus text exposition format (0.0.4), written one metric family at a time, so
/// `# HELP`, `# TYPE`, label quoting and sample lines are spelt in one place for every block
/// of `/metrics` (the router's counters, the stacks' memory and data horizons, the service's
/// own bounds).
struct PrometheusText {
    enum Kind: String {
        case counter, gauge, histogram, summary
    }

    private(set) var text = ""

    /// `# HELP` and `# TYPE` of a family; its samples follow with `sample`.
    mutating func family(_ name: String, _ kind: Kind, help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(kind.rawValue)\n"
    }

    /// One sample line: `name{label="value",...} value`. Label values are escaped.
    mutating func sample(_ name: String, _ value: String, labels: KeyValuePairs<String, String> = [:]) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.key)=\"\(Self.label($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " \(value)\n"
    }

    mutating func sample(_ name: String, _ value: Int, labels: KeyValuePairs<String, String> = [:]) {
        sample(name, String(value), labels: labels)
    }

    mutating func sample(_ name: String, _ value: Double, labels: KeyValuePairs<String, String> = [:]) {
        sample(name, "\(value)", labels: labels)
    }

    /// A family whose samples each carry one label: `name{label="key"} value` for each entry.
    mutating func family(_ name: String, _ kind: Kind, help: String, label: String, _ entries: [(String, Int)]) {
        family(name, kind, help: help)
        for (key, value) in entries { sample(name, value, labels: [label: key]) }
    }

    /// A Prometheus label value: backslash, quote and newline escaped.
    static func label(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
