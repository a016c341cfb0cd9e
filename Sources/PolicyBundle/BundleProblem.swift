/// Why a bundle, a key or a bundle's folder is refused, as data: what is at fault (a file, a
/// member) and what is wrong. `kind` says whose fault: the input given (exit 2 in the CLI: no
/// such file, not a key) or the bundle's (exit 1: it does not verify, it breaks a reading rule).
public struct BundleProblem: Error, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The input cannot be used at all: a missing file, a key in another form, a bad folder.
        case input
        /// The bundle was read and failed: a signature, a digest, the file set, a reading rule.
        case rejected
    }

    public var kind: Kind
    /// The file or member named first in the line ("bundle.tar.gz", "member 'a.lua'").
    public var subject: String
    public var message: String

    public init(_ kind: Kind, _ subject: String, _ message: String) {
        (self.kind, self.subject, self.message) = (kind, subject, message)
    }

    /// "SUBJECT: MESSAGE", the one line every face prints.
    public var line: String { subject.isEmpty ? message : subject + ": " + message }
}
