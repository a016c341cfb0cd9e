import CalPolicyRequests

/// Parsing the GitHub rule's flags (declared in `ServeOptions.swift`): all or none of app id,
/// key, secret and mapping.
extension GitHubOptions {
    /// The settings, or nil when no `--github-*` flag is given.
    static func parse(_ parsed: RequestValues) throws(RequestError) -> GitHubSettings? {
        guard options.contains(where: { parsed.has($0) }) else { return nil }
        guard let id = parsed.value(appID) else {
            throw RequestError(appID, value: "", reason: "the --github-* flags need --github-app-id ID")
        }
        guard let number = Int(id), number > 0 else { throw RequestError(appID, value: id, reason: "expected the app's numeric id") }
        for required in [privateKey, webhookSecret, mapping] where parsed.value(required) == nil {
            throw RequestError(required, value: "", reason: "--github-app-id needs --\(required.name) FILE")
        }
        var settings = GitHubSettings(appID: number, privateKeyFile: parsed.value(privateKey)!,
                                      webhookSecretFile: parsed.value(webhookSecret)!, mappingFile: parsed.value(mapping)!)
        if let text = parsed.value(api) {
            guard text.hasPrefix("https://") || text.hasPrefix("http://"), !text.contains(where: { $0.isWhitespace }) else {
                throw RequestError(api, value: text, reason: "expected an http(s) URL")
            }
            settings.api = text.hasSuffix("/") ? String(text.dropLast()) : text
        }
        if let text = parsed.value(maxWait) {
            guard let seconds = duration(text), seconds > 0, seconds <= 30 * 86_400 else {
                throw RequestError(maxWait, value: text, reason: "expected a duration up to 30d (GitHub's own limit): 90s, 45m, 72h, 3d")
            }
            settings.maxWait = seconds
        }
        settings.caFile = parsed.value(caFile)
        return settings
    }

    /// `90s`, `45m`, `72h`, `3d` in seconds.
    static func duration(_ text: String) -> Int64? {
        guard let unit = text.last, let number = Int64(text.dropLast()), number >= 0 else { return nil }
        switch unit {
        case "s": return number
        case "m": return number * 60
        case "h": return number * 3600
        case "d": return number * 86_400
        default: return nil
        }
    }
}

/// `--github-*`, checked: which app, where its secrets are, where the API is.
struct GitHubSettings: Sendable {
    var appID: Int
    var privateKeyFile: String
    var webhookSecretFile: String
    var mappingFile: String
    var api = "https://api.github.com"
    /// How long a hard freeze may still last for a deployment to wait for it (seconds).
    var maxWait: Int64 = 72 * 3600
    var caFile: String?
    /// The most bytes of one webhook delivery read (GitHub caps payloads at 25 MB; this event's
    /// are a few KiB): a larger one is refused unread.
    static let maxBody = 1 << 20
}
