import Foundation
import Testing
@testable import HTTPClient

/// The client over libcurl against an in-process server on loopback: what a complete answer
/// looks like, and every way an exchange fails (truncation, size, time, scheme, transport).
@Suite struct HTTPClientTests {
    let client = HTTPClient()

    @Test func getReturnsStatusHeadersAndBody() throws {
        let server = try OneShotServer { _ in
            (OneShotServer.response("200 OK", headers: ["ETag: \"abc\"", "X-Twice: one", "X-Twice: two",
                                                         "Content-Type: text/plain"], body: "hello"), 0)
        }
        let response = try client.send(HTTPRequest(url: server.url + "/bundle.tar.gz",
                                                   headers: [HTTPHeader(name: "If-None-Match", value: "\"old\"")]))
        #expect(response.status == 200)
        #expect(response.body == Array("hello".utf8))
        #expect(response.headers["etag"] == "\"abc\"")
        #expect(response.headers["x-twice"] == "two")
        #expect(response.headers["content-type"] == "text/plain")
        let request = try #require(server.receivedRequests.first)
        #expect(request.hasPrefix("GET /bundle.tar.gz HTTP/1.1\r\n"))
        #expect(request.contains("If-None-Match: \"old\"\r\n"))
        #expect(!request.lowercased().contains("expect:"))
    }

    @Test func notModifiedIsAnAnswerWithNoBody() throws {
        let server = try OneShotServer { _ in (Array("HTTP/1.1 304 Not Modified\r\nETag: \"abc\"\r\n\r\n".utf8), 0) }
        let response = try client.send(HTTPRequest(url: server.url))
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        #expect(response.headers["etag"] == "\"abc\"")
    }

    @Test func postSendsTheBodyAndMethod() throws {
        let server = try OneShotServer { _ in (OneShotServer.response("201 Created", body: "{}"), 0) }
        let body = Array(String(repeating: "x", count: 5000).utf8)
        let response = try client.send(HTTPRequest(method: "POST", url: server.url + "/hook",
                                                   headers: [HTTPHeader(name: "Content-Type", value: "application/json")],
                                                   body: body))
        #expect(response.status == 201)
        let request = try #require(server.receivedRequests.first)
        #expect(request.hasPrefix("POST /hook HTTP/1.1\r\n"))
        #expect(request.contains("Content-Length: 5000\r\n"))
        #expect(request.hasSuffix(String(repeating: "x", count: 5000)))
    }

    @Test func otherMethodsAreSentAsGiven() throws {
        let server = try OneShotServer { _ in (OneShotServer.response("200 OK", body: ""), 0) }
        _ = try client.send(HTTPRequest(method: "PATCH", url: server.url + "/x", body: Array("{}".utf8)))
        #expect(server.receivedRequests.first?.hasPrefix("PATCH /x HTTP/1.1\r\n") == true)
    }

    @Test func redirectsAreNotFollowed() throws {
        let server = try OneShotServer { _ in
            (OneShotServer.response("302 Found", headers: ["Location: http://127.0.0.1:1/elsewhere"], body: ""), 0)
        }
        let response = try client.send(HTTPRequest(url: server.url))
        #expect(response.status == 302)
        #expect(response.headers["location"] == "http://127.0.0.1:1/elsewhere")
    }

    @Test func aBodyCutShortIsAnErrorNotAShortBody() throws {
        let server = try OneShotServer(connections: 2) { _ in
            (Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nonly part".utf8), 0)
        }
        #expect(throws: HTTPClientError.self) { try client.send(HTTPRequest(url: server.url)) }
        do {
            _ = try client.send(HTTPRequest(url: server.url))
        } catch {
            guard case .transport(let message) = error else { Issue.record("expected transport, got \(error)"); return }
            #expect(!message.contains("\n"))
        }
    }

    @Test func aChunkedBodyCutShortIsAnError() throws {
        let server = try OneShotServer { _ in
            (Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n".utf8), 0)
        }
        #expect(throws: HTTPClientError.self) { try client.send(HTTPRequest(url: server.url)) }
    }

    @Test func anAnnouncedBodyOverTheLimitIsRefused() throws {
        let server = try OneShotServer { _ in (OneShotServer.response("200 OK", body: String(repeating: "a", count: 2000)), 0) }
        #expect(throws: HTTPClientError.responseTooLarge(limit: 1000)) {
            try client.send(HTTPRequest(url: server.url, maxResponseBytes: 1000))
        }
    }

    @Test func anUnannouncedBodyOverTheLimitIsRefused() throws {
        let chunk = String(repeating: "b", count: 600)
        let server = try OneShotServer { _ in
            (Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n\(chunk)\(chunk)".utf8), 0)
        }
        #expect(throws: HTTPClientError.responseTooLarge(limit: 1000)) {
            try client.send(HTTPRequest(url: server.url, maxResponseBytes: 1000))
        }
    }

    @Test func aBodyOfExactlyTheLimitIsAccepted() throws {
        let server = try OneShotServer { _ in (OneShotServer.response("200 OK", body: String(repeating: "c", count: 1000)), 0) }
        let response = try client.send(HTTPRequest(url: server.url, maxResponseBytes: 1000))
        #expect(response.body.count == 1000)
    }

    @Test func aSlowServerTimesOut() throws {
        let server = try OneShotServer { _ in (OneShotServer.response("200 OK", body: "late"), 1.5) }
        let start = ContinuousClock.now
        #expect(throws: HTTPClientError.timedOut) {
            try client.send(HTTPRequest(url: server.url, timeout: .milliseconds(300)))
        }
        #expect(ContinuousClock.now - start < .seconds(1.4))
    }

    @Test func onlyHTTPAndHTTPSAreAccepted() {
        for url in ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://x", "dict://x", "127.0.0.1:80/x", "", "scp://h/x"] {
            #expect(throws: HTTPClientError.self) { try client.send(HTTPRequest(url: url)) }
            do {
                _ = try client.send(HTTPRequest(url: url))
            } catch {
                guard case .invalidURL = error else { Issue.record("\(url): expected invalidURL, got \(error)"); continue }
            }
        }
    }

    @Test func aHeaderThatWouldSplitIsRefused() {
        let request = HTTPRequest(url: "http://127.0.0.1:1/", headers: [HTTPHeader(name: "X", value: "a\r\nInjected: 1")])
        #expect(throws: HTTPClientError.self) { try client.send(request) }
    }

    @Test func aRefusedConnectionIsATransportError() throws {
        // A port just released: nothing listens there.
        let server = try OneShotServer(connections: 0) { _ in ([], 0) }
        let url = server.url
        server.stop()
        do {
            _ = try client.send(HTTPRequest(url: url, connectTimeout: .seconds(2)))
            Issue.record("expected an error")
        } catch {
            guard case .transport(let message) = error else { Issue.record("expected transport, got \(error)"); return }
            #expect(!message.isEmpty && !message.contains("\n"))
        }
    }

    @Test func aMissingCAFileFailsHTTPSOnlyAsATransportError() throws {
        let client = HTTPClient(caFile: "/nonexistent/ca.pem")
        let server = try OneShotServer { _ in ([], 0) }
        #expect(throws: HTTPClientError.self) { try client.send(HTTPRequest(url: "https://127.0.0.1:\(server.port)/")) }
    }

    @Test func durationsBecomeWholeMillisecondsAtLeastOne() {
        #expect(Duration.seconds(10).curlMilliseconds == 10_000)
        #expect(Duration.milliseconds(1500).curlMilliseconds == 1500)
        #expect(Duration.nanoseconds(10).curlMilliseconds == 1)
        #expect(Duration.zero.curlMilliseconds == 1)
    }
}
