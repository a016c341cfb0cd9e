/// The bounds a declarative file is read under: a policy is a page of text, so anything far
/// beyond one is refused before (size) or while (depth, nodes) it is parsed, never expanded.
public struct YAMLLimits: Sendable {
    /// Bytes; a larger file is refused by its length, without being parsed.
    public var maxBytes = 1 << 20
    /// Nested mappings and lists.
    public var maxDepth = 32
    /// Scalars, mappings and lists in all.
    public var maxNodes = 100_000

    public init() {}
}
