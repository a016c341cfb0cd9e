import CalendarCore
import CalendarData
import Crypto
import Foundation
import HTTPClient
import Rendering

/// calpolicy as a GitHub App: its JWT (RS256, `iat` 60 s in the past against clock drift, `exp`
/// 9 minutes on, `iss` the app id), installation tokens (cached until 5 minutes before their
/// `expires_at`), and the POST of a review to a deployment's callback URL, retried on 5xx and
/// transport errors with backoff and after the wait GitHub names on 403/429 (`Retry-After`,
/// else `x-ratelimit-reset` when `x-ratelimit-remaining` is 0). No secret (key, JWT, token) is
/// ever part of a log line or an error this type returns.
final class GitHubApp: @unchecked Sendable {
    typealias Send = @Sendable (HTTPRequest) throws(HTTPClientError) -> HTTPResponse

    let appID: Int
    let api: String
    private let key: RSAPrivateKey
    private let send: Send
    private let clock: @Sendable () -> Int64
    /// How long to sleep (seconds); a test shortens it.
    private let sleep: @Sendable (Double) -> Void
    private let lock = NSLock()
    private var tokens: [Int: (token: String, expires: Int64)] = [:]

    /// Attempts per request before giving up, and the longest wait GitHub may ask for (a
    /// rate-limit reset is at most an hour away).
    static let attempts = 8
    static let longestWait = 3600.0
    /// 0.5 s doubling to 30 s, without jitter: one replica calls GitHub (the rule's Deployment
    /// runs one), so there is no herd to spread.
    static let backoff = Backoff(base: 0.5, ceiling: 30, jitter: false)

    init(appID: Int, api: String, key: RSAPrivateKey, send: @escaping Send,
         clock: @escaping @Sendable () -> Int64 = { Clock().now() },
         sleep: @escaping @Sendable (Double) -> Void = { usleep(UInt32(min($0, 4000) * 1e6)) }) {
        (self.appID, self.api, self.key, self.send, self.clock, self.sleep) = (appID, api, key, send, clock, sleep)
    }

    /// Why a review was not delivered, in words safe to log.
    struct Failure: Error, Sendable {
        let message: String
        /// A 4xx GitHub will answer the same way again: retrying is pointless.
        let final: Bool
    }

    /// The app's JWT, fresh.
    func jwt() -> String? {
        let now = clock()
        let header = JSONWriter.write(.object([("alg", .string("RS256")), ("typ", .string("JWT"))]))
        let payload = JSONWriter.write(.object([("iat", .int(Int(now - 60))), ("exp", .int(Int(now + 540))),
                                                ("iss", .string(String(appID)))]))
        return JWSCompact.rs256(header: Array(header.utf8), payload: Array(payload.utf8), key: key)
    }

    /// POSTs a review (`body`) to `url` for `installation`.
    func review(_ url: String, installation: Int, body: [UInt8]) throws(Failure) {
        var renewed = false
        try withRetries("callback") { () throws(Failure) -> HTTPResponse? in
            let token = try self.token(installation)
            let response = try self.post(url, body: body, authorization: "Bearer " + token)
            if response.status == 401 && !renewed {
                // The token was revoked or expired early: one more try with a new one.
                renewed = true
                self.forget(installation)
                return nil
            }
            return response
        }
    }

    /// An installation token, from the cache or newly made.
    func token(_ installation: Int) throws(Failure) -> String {
        let now = clock()
        if let cached = lock.withLock({ tokens[installation] }), cached.expires - 300 > now { return cached.token }
        guard let jwt = jwt() else { throw Failure(message: "the app's JWT could not be signed", final: true) }
        var made: (String, Int64)?
        try withRetries("installation token") { () throws(Failure) -> HTTPResponse? in
            let response = try self.post("\(self.api)/app/installations/\(installation)/access_tokens", body: [],
                                         authorization: "Bearer " + jwt)
            if response.status == 201 || response.status == 200 {
                guard let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
                      let token = object["token"] as? String, !token.isEmpty,
                      let expiresText = object["expires_at"] as? String,
                      case .success(let expires) = ISOInstant.parse(expiresText) else {
                    throw Failure(message: "the installation token answer is not {token, expires_at}", final: true)
                }
                made = (token, expires)
            }
            return response
        }
        guard let (token, expires) = made else { throw Failure(message: "no installation token", final: true) }
        lock.withLock { tokens[installation] = (token, expires) }
        return token
    }

    func forget(_ installation: Int) { _ = lock.withLock { tokens.removeValue(forKey: installation) } }

    private func post(_ url: String, body: [UInt8], authorization: String) throws(Failure) -> HTTPResponse {
        var headers = [HTTPHeader(name: "Accept", value: "application/vnd.github+json"),
                       HTTPHeader(name: "X-GitHub-Api-Version", value: "2022-11-28"),
                       HTTPHeader(name: "User-Agent", value: "calpolicy/\(BuildInfo.version)"),
                       HTTPHeader(name: "Authorization", value: authorization)]
        if !body.isEmpty { headers.append(HTTPHeader(name: "Content-Type", value: "application/json")) }
        do {
            return try send(HTTPRequest(method: "POST", url: url, headers: headers, body: body, maxResponseBytes: 256 << 10))
        } catch {
            // Transport errors name the URL at most, never a header.
            throw Failure(message: "\(error)", final: false)
        }
    }

    /// Runs `attempt` until it answers 2xx: nil from it is "try again now". Retries 5xx and
    /// transport failures with backoff (0.5 s doubling to 30 s), and 403/429 after the wait
    /// GitHub names; any other status is final.
    private func withRetries(_ what: String, _ attempt: () throws(Failure) -> HTTPResponse?) throws(Failure) {
        var failures = 0
        var last = ""
        for _ in 0..<Self.attempts {
            let response: HTTPResponse?
            do { response = try attempt() } catch {
                if error.final { throw error }
                last = error.message
                failures += 1
                sleep(Self.backoff.delay(after: failures))
                continue
            }
            guard let response else { continue }
            switch response.status {
            case 200..<300:
                return
            case 500..<600:
                last = "\(what): GitHub answered \(response.status)"
                failures += 1
                sleep(Backoff.requested(retryAfter: response.headers["retry-after"], longest: Self.longestWait)
                      ?? Self.backoff.delay(after: failures))
            case 403, 429:
                guard let wait = rateLimitWait(response) else {
                    throw Failure(message: "\(what): GitHub answered \(response.status): \(Self.message(response))", final: true)
                }
                last = "\(what): rate limited (\(response.status))"
                ServerEvent.log("github", "calpolicy-serve: github: \(what) rate limited; waiting \(Int(wait.rounded(.up))) s",
                                [("status", .int(response.status)), ("waitSeconds", .int(Int(wait.rounded(.up))))])
                sleep(wait)
            default:
                throw Failure(message: "\(what): GitHub answered \(response.status): \(Self.message(response))", final: true)
            }
        }
        throw Failure(message: "\(what): gave up after \(Self.attempts) attempts (\(last))", final: false)
    }

    /// The wait a 403/429 asks for, or nil when it is no rate limit (a permission refused).
    private func rateLimitWait(_ response: HTTPResponse) -> Double? {
        if let wait = Backoff.requested(retryAfter: response.headers["retry-after"], longest: Self.longestWait) {
            return wait
        }
        if response.headers["x-ratelimit-remaining"] == "0", let text = response.headers["x-ratelimit-reset"],
           let reset = Int64(text) {
            return min(Double(max(0, reset - clock())) + 1, Self.longestWait)
        }
        return response.status == 429 ? 60 : nil
    }

    /// GitHub's `message`, one line and short (it never echoes a token).
    private static func message(_ response: HTTPResponse) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return TerminalText.line((object?["message"] as? String) ?? "no message", maxBytes: 200)
    }
}
