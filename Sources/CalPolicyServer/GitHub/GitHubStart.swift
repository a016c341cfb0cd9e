import CalendarData
import Crypto
import Foundation
import HTTPClient

/// Turns `--github-*` into a running rule at start: the key, the secret and the mapping read
/// (each failure one line naming the flag, never the file's content), the app over the one
/// HTTP client, the deployments taken up from the state folder.
enum GitHubStart {
    static func make(_ settings: GitHubSettings, stateDir: String, stacks: [String], metrics: Metrics,
                     decide: @escaping GitHubDeployments.Decide) -> Result<GitHubRule, GitHubStartProblem> {
        let key: RSAPrivateKey
        do {
            let text = try RegularFile.text(settings.privateKeyFile, limit: 64 << 10)
            key = try RSAPrivateKey(pem: text)
        } catch let problem as RSAKeyProblem {
            return .failure(GitHubStartProblem("--github-private-key: \(settings.privateKeyFile) \(problem.message)"))
        } catch {
            return .failure(GitHubStartProblem("--github-private-key: \(settings.privateKeyFile): \(error)"))
        }
        guard let secretText = try? RegularFile.text(settings.webhookSecretFile, limit: 64 << 10),
              let line = secretText.split(whereSeparator: \.isNewline).first, !line.isEmpty else {
            return .failure(GitHubStartProblem("--github-webhook-secret: \(settings.webhookSecretFile): cannot read a secret (the file's first line)"))
        }
        let mapping: GitHubMapping
        do { mapping = try GitHubMapping.load(settings.mappingFile, stacks: stacks) } catch {
            return .failure(GitHubStartProblem("--github-mapping: \(settings.mappingFile): \(error.message)"))
        }
        let store: GitHubDeploymentStore
        do { store = try GitHubDeploymentStore(stateDir: stateDir) } catch {
            return .failure(GitHubStartProblem("--state-dir: \(error.message)"))
        }
        let client = HTTPClient(caFile: settings.caFile)
        let app = GitHubApp(appID: settings.appID, api: settings.api, key: key, send: { request throws(HTTPClientError) in
            try client.send(request)
        })
        let deployments = GitHubDeployments(store: store, app: app, maxWait: settings.maxWait, metrics: metrics, decide: decide)
        return .success(GitHubRule(secret: Array(line.utf8), mapping: mapping, api: settings.api, deployments: deployments))
    }
}

/// Why the rule cannot start: one line, exit 2.
struct GitHubStartProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
