import CalendarCore
import CalendarData
import Foundation

/// `--github-mapping FILE`: what GitHub does not say about a deployment, by repository
/// (`owner/name`) and by environment name: the service, tenant and environmentType of its
/// decision context, and the stack that decides. A repository's entry wins over an environment's
/// for a key both give. Read once at start; an unknown key or a value a context refuses stops
/// the start, so a typo never widens a freeze.
///
///     {"repositories": {"acme/shop": {"service": "shop", "tenant": "acme"}},
///      "environments": {"production": {"environmentType": "production", "stack": "prod"}}}
struct GitHubMapping: Sendable {
    /// One entry: context keys (service, tenant, environmentType) and the stack.
    struct Entry: Sendable, Equatable {
        var context: [String: String] = [:]
        var stack: String?
    }

    static let keys = ["service", "tenant", "environmentType", "stack"]

    var repositories: [String: Entry] = [:]
    var environments: [String: Entry] = [:]

    /// The entry for a deployment: the environment's, with the repository's keys over it.
    func entry(repository: String, environment: String) -> Entry {
        var merged = environments[environment] ?? Entry()
        if let own = repositories[repository] {
            merged.context.merge(own.context) { $1 }
            merged.stack = own.stack ?? merged.stack
        }
        return merged
    }

    static func load(_ path: String, stacks: [String]) throws(GitHubMappingProblem) -> GitHubMapping {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, limit: 1 << 20) } catch {
            throw GitHubMappingProblem("cannot be read: \(error)")
        }
        return try parse(bytes, stacks: stacks)
    }

    static func parse(_ bytes: [UInt8], stacks: [String]) throws(GitHubMappingProblem) -> GitHubMapping {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw GitHubMappingProblem("is not a JSON object")
        }
        for key in object.keys where key != "repositories" && key != "environments" {
            throw GitHubMappingProblem("unknown field '\(InputEcho.cut(key))' (fields: repositories, environments)")
        }
        var mapping = GitHubMapping()
        mapping.repositories = try entries(object["repositories"], field: "repositories", stacks: stacks)
        mapping.environments = try entries(object["environments"], field: "environments", stacks: stacks)
        return mapping
    }

    private static func entries(_ value: Any?, field: String, stacks: [String]) throws(GitHubMappingProblem) -> [String: Entry] {
        guard let value else { return [:] }
        guard let table = value as? [String: Any] else { throw GitHubMappingProblem("\(field): must be an object of objects") }
        var out: [String: Entry] = [:]
        for (name, raw) in table {
            let at = "\(field).\(InputEcho.cut(name))"
            guard let fields = raw as? [String: Any] else { throw GitHubMappingProblem("\(at): must be an object") }
            var entry = Entry()
            var probe = DecisionContext()
            for (key, rawValue) in fields {
                guard keys.contains(key) else {
                    throw GitHubMappingProblem("\(at): unknown key '\(InputEcho.cut(key))' (keys: \(keys.joined(separator: ", ")))")
                }
                guard let text = rawValue as? String, !text.isEmpty else {
                    throw GitHubMappingProblem("\(at).\(key): must be a non-empty string")
                }
                if key == "stack" {
                    guard stacks.contains(text) else {
                        throw GitHubMappingProblem("\(at).stack: no stack '\(InputEcho.cut(text))'; stacks: \(stacks.joined(separator: ", "))")
                    }
                    entry.stack = text
                } else {
                    do { try probe.set(key, text) } catch { throw GitHubMappingProblem("\(at): \(error.reason)") }
                    entry.context[key] = text
                }
            }
            out[name] = entry
        }
        return out
    }
}

/// Why the mapping file cannot be used: one line at start (exit 2).
struct GitHubMappingProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
