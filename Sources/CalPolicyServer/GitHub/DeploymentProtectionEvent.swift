import CalendarCore
import Foundation

/// A `deployment_protection_rule` webhook delivery (action `requested`), read strictly: the
/// fields calpolicy uses, each of its JSON type, or the delivery is refused (400) and nothing
/// is called back. The callback URL must lie under `--github-api`: the installation token goes
/// there, and a forged URL would take it elsewhere (the signature already binds the body to the
/// secret; this binds the token to GitHub).
struct DeploymentProtectionEvent: Sendable, Equatable {
    var environment: String
    var callbackURL: String
    var installation: Int
    var repository: String
    /// Who started the deployment: the deployment's creator, else the sender.
    var actor: String?

    static func read(_ body: [UInt8], api: String) throws(GitHubEventProblem) -> DeploymentProtectionEvent {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw .notJSON
        }
        guard let action = object["action"] as? String else { throw .field("action", "a string") }
        guard action == "requested" else { throw .ignoredAction(InputEcho.cut(action)) }
        guard let environment = object["environment"] as? String, !environment.isEmpty else {
            throw .field("environment", "a non-empty string")
        }
        guard !environment.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
              environment.utf8.count <= 255 else {
            throw .field("environment", "a name of at most 255 bytes without control characters")
        }
        guard let url = object["deployment_callback_url"] as? String else {
            throw .field("deployment_callback_url", "a string")
        }
        guard url.hasPrefix(api + "/"), !url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } ?? false }),
              !url.contains("/../"), url.utf8.count <= 2048 else {
            throw .field("deployment_callback_url", "a URL under --github-api")
        }
        guard let installation = object["installation"] as? [String: Any] else { throw .field("installation", "an object") }
        guard let raw = installation["id"], !(raw is Bool), let id = raw as? Int, id > 0 else {
            throw .field("installation.id", "a positive integer")
        }
        var repository = ""
        if let repo = object["repository"] {
            guard let fields = repo as? [String: Any], let name = fields["full_name"] as? String else {
                throw .field("repository.full_name", "a string")
            }
            repository = name
        }
        var actor: String?
        if let deployment = object["deployment"] as? [String: Any], let creator = deployment["creator"] as? [String: Any] {
            actor = creator["login"] as? String
        }
        if actor == nil, let sender = object["sender"] as? [String: Any] { actor = sender["login"] as? String }
        return DeploymentProtectionEvent(environment: environment, callbackURL: url, installation: id,
                                         repository: repository, actor: actor)
    }
}

/// Why a delivery is not decided: one line in the 400 and in the log.
enum GitHubEventProblem: Error, Sendable, Equatable {
    case notJSON
    case field(String, String)
    /// Another action than `requested`: acknowledged, nothing to decide.
    case ignoredAction(String)

    var message: String {
        switch self {
        case .notJSON: "the delivery is not a JSON object"
        case .field(let name, let expected): "field '\(name)' must be \(expected)"
        case .ignoredAction(let action): "action '\(action)' is not decided (only 'requested')"
        }
    }
}
