import CalPolicyArguments
import Foundation
import CalPolicyRequests

/// Where the bundle comes from, the key that must have signed it, and how often to look.
public struct BundleSource: Sendable, Equatable {
    public var url: String
    public var publicKeyFile: String?
    /// Seconds between two pulls: each wait is drawn at random between the two.
    public var pollMin: Int64
    public var pollMax: Int64

    static let defaultPoll: (min: Int64, max: Int64) = (10, 30)

    /// Nil without `--bundle`; a companion option without it is a usage error.
    static func parse(_ parsed: RequestValues) throws(ServeArguments.Problem) -> BundleSource? {
        guard let url = parsed.value(BundleOptions.bundle.name) else {
            for option in [BundleOptions.publicKey, BundleOptions.poll] where parsed.has(option.name) {
                throw ServeArguments.Problem("--\(option.name) needs --bundle URL")
            }
            return nil
        }
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), url.count > 8,
              !url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }) else {
            throw ServeArguments.Problem(RequestError(BundleOptions.bundle, value: url,
                                                      reason: "expected an http:// or https:// URL"))
        }
        var source = BundleSource(url: url, publicKeyFile: parsed.value(BundleOptions.publicKey.name),
                                  pollMin: defaultPoll.min, pollMax: defaultPoll.max)
        if let text = parsed.value(BundleOptions.poll.name) {
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2 else {
                throw ServeArguments.Problem(RequestError(BundleOptions.poll, value: text,
                                                          reason: "expected MIN..MAX, two durations such as 10s..30s"))
            }
            do {
                source.pollMin = try ValueParser.waitDuration(parts[0], option: BundleOptions.poll)
                source.pollMax = try ValueParser.waitDuration(parts[1], option: BundleOptions.poll)
            } catch {
                throw ServeArguments.Problem(error)
            }
            guard source.pollMin <= source.pollMax else {
                throw ServeArguments.Problem(RequestError(BundleOptions.poll, value: text, reason: "MIN is longer than MAX"))
            }
        }
        if let key = source.publicKeyFile {
            do { _ = try BundleKeys.publicKey(key) } catch {
                throw ServeArguments.Problem("--bundle-public-key: \(error.subject): \(error.message)")
            }
        }
        return source
    }

    /// The rules between `--bundle` and the rest of the command line: the stacks come from the
    /// manifest, and the verified bytes need a place of the server's own.
    static func check(_ source: BundleSource, _ parsed: RequestValues) throws(ServeArguments.Problem) {
        if !parsed.positionals.isEmpty || parsed.has(ServeOptions.stack.name) {
            throw ServeArguments.Problem("--bundle: the stacks come from the bundle's manifest; give no POLICY or --stack with it")
        }
        if !parsed.has(ServeOptions.stateDir.name) {
            throw ServeArguments.Problem("--bundle needs --state-dir DIR (where verified bundles are kept)")
        }
    }
}
