import Foundation

/// How the server's outgoing calls wait between attempts: decision-log batches
/// (`DecisionShipper`), status pushes (`StatusPusher`) and GitHub's API (`GitHubApp`). The wait
/// doubles from `base` up to `ceiling`; with `jitter` each wait is a random point in the upper
/// half of its step, so replicas that failed together do not retry in step. A receiver that
/// names its own wait (`Retry-After` on a 429 or 503) gets that wait instead, capped.
struct Backoff: Sendable {
    let base: Double
    let ceiling: Double
    var jitter = true

    /// The wait after `failures` failed attempts in a row (1: the first failure).
    func delay(after failures: Int) -> Double {
        let step = min(ceiling, base * pow(2, Double(min(max(failures, 1) - 1, 30))))
        return jitter ? step * Double.random(in: 0.5...1) : step
    }

    /// The wait a `Retry-After` header asks for, in seconds (delta-seconds, the form receivers
    /// and GitHub send; an HTTP-date is not honoured and falls back to the backoff), at most
    /// `longest`: a receiver cannot park a sender for a day.
    static func requested(retryAfter text: String?, longest: Double) -> Double? {
        guard let text, let seconds = Double(text.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds.isFinite else {
            return nil
        }
        return min(seconds, longest)
    }
}
