import Crypto

/// The deployment protection rule as the router holds it: the webhook secret the signature is
/// checked with, the mapping, the API base a callback URL must lie under, and the deployments.
struct GitHubRule: Sendable {
    /// The secret's bytes (the file's first line); never logged, never in an error.
    let secret: [UInt8]
    let mapping: GitHubMapping
    let api: String
    let deployments: GitHubDeployments
}
