import Foundation
import MHDHost

/// Waits for an answer given on another thread (`Router.handle(_:)`).
final class AnswerBox: @unchecked Sendable {
    private let condition = NSCondition()
    private var answer: HTTPResponse?
    func put(_ response: HTTPResponse) {
        condition.withLock {
            if answer == nil { answer = response }
            condition.signal()
        }
    }
    func wait() -> HTTPResponse {
        condition.withLock {
            while answer == nil { condition.wait() }
            return answer!
        }
    }
}
