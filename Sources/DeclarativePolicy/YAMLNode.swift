/// A place in a declarative policy file: 1-based line and column, as editors count them.
public struct SourceMark: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) { (self.line, self.column) = (line, column) }
}

/// A document as libyaml's events built it, before any schema reads it: every scalar is its raw
/// text and whether it was quoted, never a YAML 1.1 type (`15:00` stays the text `15:00`, `NO`
/// the text `NO`). The schema (`FreezeSchema`) decides what each scalar is.
public indirect enum YAMLNode: Sendable {
    case scalar(String, quoted: Bool, SourceMark)
    case mapping([(key: String, keyMark: SourceMark, value: YAMLNode)], SourceMark)
    case sequence([YAMLNode], SourceMark)

    public var mark: SourceMark {
        switch self {
        case .scalar(_, _, let mark), .mapping(_, let mark), .sequence(_, let mark): mark
        }
    }

    /// How an error names what it found.
    var kindName: String {
        switch self {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}
