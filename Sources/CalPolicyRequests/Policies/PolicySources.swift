import CalendarCore
import Glibc
import PolicyEngine

/// Policy files as bytes and as loaded policies, with one clear error per bad file.
///
/// A path that names no readable regular file (missing, a directory, unreadable) is a
/// mistake in the request (CLI exit 2). A file that exists but holds no usable policy
/// (empty, binary, a Lua error) is a policy error (exit 3). Standard input (`-`) is the
/// CLI's: it reads the bytes and hands them over like a file's.
public enum PolicySources {
    /// The name a policy read from standard input (`-`) goes by in messages.
    public static let standardInputName = "<stdin>"

    /// Loads `sources` (path and bytes, in stack order). Text names a policy by its file name
    /// unless two of the stack share it.
    public static func load(_ sources: [(path: String, bytes: [UInt8])], options: LuaPolicyOptions)
        throws(RequestFailure) -> [LuaPolicy] {
        let names = PolicyIdentity.displayNames(for: sources.map { $0.path == "-" ? standardInputName : $0.path })
        var policies: [LuaPolicy] = []
        for (index, source) in sources.enumerated() {
            policies.append(try load(source.path, source: source.bytes, options: options, displayName: names[index]))
        }
        return policies
    }

    /// A policy from bytes `read` returned (the file is not read again); `-` is standard input.
    public static func load(_ path: String, source: [UInt8], options: LuaPolicyOptions,
                            displayName: String? = nil) throws(RequestFailure) -> LuaPolicy {
        do {
            return try LuaPolicy(path: path == "-" ? standardInputName : path, source: source, options: options,
                                 displayName: displayName)
        } catch {
            throw .policy(error)
        }
    }

    /// The options of a policy loaded for a request: its today and where its `print` goes.
    public static func options(today: Day, print: PolicyPrint?) -> LuaPolicyOptions {
        var options = LuaPolicyOptions()
        options.today = today
        options.print = print
        return options
    }

    /// The one read of a policy path, refusing what the engine would otherwise report less
    /// plainly (see `failure(for:path:)`).
    public static func read(_ path: String) throws(RequestFailure) -> [UInt8] {
        if path.isEmpty { throw .badPolicyPath("''", problem: "empty path; expected a policy file") }
        do {
            return try PolicyFile.read(path, limit: LuaPolicyOptions().memoryLimit, asPolicyText: true)
        } catch {
            throw failure(for: error, path: path)
        }
    }

    /// The one mapping of a file problem to a request failure: no readable regular file at
    /// the path is the request's mistake; a file that holds no usable policy is a policy error.
    public static func failure(for problem: PolicyFileProblem, path: String) -> RequestFailure {
        switch problem {
        case .missing: .badPolicyPath(path, problem: "no such file")
        case .cannotStat(let code): .badPolicyPath(path, problem: describeErrno(code))
        case .directory: .badPolicyPath(path, problem: "is a directory; expected a policy file")
        case .notRegularFile: .badPolicyPath(path, problem: "not a regular file; expected a policy file")
        case .cannotOpen(let code): .badPolicyPath(path, problem: "cannot read: " + describeErrno(code))
        case .empty: .policyFile(path: path, problem: "empty file; expected a Lua policy")
        case .binary: .policyFile(path: path, problem: "binary file; expected Lua source text")
        case .cannotRead, .tooLarge: .policy(PolicyError(problem, file: path))
        }
    }

    static func describeErrno(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }
}
