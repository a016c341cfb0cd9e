/// Which parts of a JSON document `JSONLineReader.read(_:in:keeping:)` builds: a whole value, or
/// only some fields of an object (each with its own selection). Everything else is still read
/// and checked byte by byte, so a document is refused exactly as a full read refuses it, but no
/// node, string or dictionary is made for it.
public indirect enum JSONSelection: Sendable {
    /// The whole value.
    case all
    /// If the value is an object: only these fields, each as its selection says. Any other value
    /// (a string where an object was expected) is built whole, so its type can still be told.
    case fields([String: JSONSelection])
}
