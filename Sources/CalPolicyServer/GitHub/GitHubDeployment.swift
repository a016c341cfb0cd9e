import Rendering

/// One deployment waiting on the rule, as its small JSON file under `--state-dir/github/` holds
/// it: what GitHub asked, the context it is decided with, and how far the answer got. The
/// decision is written here before it is sent, so a retry or a restart sends the same decision
/// again and never a second one.
struct GitHubDeployment: Codable, Sendable, Equatable {
    /// `X-GitHub-Delivery`: the file's name, and what a replayed delivery is known by.
    var delivery: String
    /// When it came (Unix seconds): a finished record is forgotten 72 h later.
    var received: Int64
    var environment: String
    var callbackURL: String
    var installation: Int
    var repository: String
    var stack: String
    /// The decision context's entries (environment, service, tenant, environmentType, actor, action).
    var context: [String: String]
    /// The last status report sent (a comment is not repeated), and how many were (GitHub
    /// keeps at most 10 per deployment).
    var reported: String?
    var reports = 0
    /// The answer, recorded before it is sent, and whether GitHub took it.
    var state: GitHubDeploymentReview.State?
    var comment: String?
    var sent = false
    /// Why the answer could not be delivered (a 4xx from GitHub other than rate limits): given up.
    var failed: String?

    var isFinished: Bool { sent || failed != nil }
}
