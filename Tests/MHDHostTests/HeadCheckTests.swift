import MHDHost
import Testing

/// The head rules libmicrohttpd lets through and RFC 9112 forbids, one by one.
@Suite struct HeadCheckTests {
    let limits = HTTPLimits()
    func problem(_ headers: [(String, String)], version: String = "HTTP/1.1", target: String = "/health") -> HTTPRejection? {
        HeadCheck.problem(version: version, rawTarget: target, headers: headers.map { (name: $0.0, value: $0.1) }, limits: limits)
    }

    @Test func aCleanHeadPasses() {
        #expect(problem([("Host", "x"), ("Content-Length", "12"), ("Authorization", "Bearer t")]) == nil)
        #expect(problem([], version: "HTTP/1.0") == nil)
        #expect(problem([("Host", "x"), ("Transfer-Encoding", "chunked")]) == nil)
    }

    @Test func framingErrorsAre400s() {
        let cases: [[(String, String)]] = [
            [("Host", "x"), ("Content-Length", "5"), ("Transfer-Encoding", "chunked")],
            [("Host", "x"), ("Content-Length", "5"), ("content-length", "5")],
            [("Host", "x"), ("Content-Length", "+5")],
            [("Host", "x"), ("Content-Length", "0x10")],
            [("Host", "x"), ("Transfer-Encoding", "gzip, chunked")],
            [("Host", "x"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")],
            [],
            [("Host", "a"), ("HOST", "b")],
            [("Host", "x"), ("Authorization", "Bearer a"), ("authorization", "Bearer b")],
            [("Host", "x"), ("X-Evil", "a\u{0}b")],
            [("Host", "x"), ("X-Evil", "a\u{85}b")],
        ]
        for headers in cases {
            #expect(problem(headers)?.status == 400, "\(headers)")
        }
        #expect(problem([("Host", "x")], target: "/health%00x")?.status == 400)
        #expect(problem([("Host", "x")], target: "/health?x=%00")?.status == nil)  // query values: the router names them
    }

    @Test func tooManyOrTooLargeFieldsAre431s() {
        let many = (0..<65).map { ("X-\($0)", "1") } + [("Host", "x")]
        #expect(problem(many)?.status == 431)
        #expect(problem([("Host", "x"), ("X-Big", String(repeating: "a", count: 16 << 10))])?.status == 431)
    }

    /// Names compared as `lowercased()` would, values at their place, the path cut at its first
    /// `?` and decoded (also for a target that is not ASCII, split by character as before).
    @Test func namesAndPathsAsBefore() {
        #expect(problem([("hOsT", "x"), ("CONTENT-length", "1"), ("content-LENGTH", "1")])?.message == "Content-Length given 2 times")
        #expect(problem([("Host", "x"), ("X-\u{212A}", "a\u{1}")])?.message == "header field 'x-k' holds a control character")
        #expect(problem([("Host", "x"), ("Hostx", "y"), ("Hos", "z"), ("Authorizatio", "a"), ("Authorizationn", "b")]) == nil)
        #expect(problem([("Host", "x"), ("Content-Length", "1"), ("TRANSFER-ENCODING", "Chunked")])?.message
                == "both Content-Length and Transfer-Encoding given (RFC 9112 section 6.3)")
        #expect(problem([("Host", "x"), ("Transfer-Encoding", "CHUNKED")]) == nil)
        #expect(problem([("Host", "x")], target: "/a%0ab?x")?.status == 400)
        #expect(problem([("Host", "x")], target: "/a%7f")?.status == 400)
        #expect(problem([("Host", "x")], target: "/a%c2%85")?.status == 400)
        #expect(problem([("Host", "x")], target: "/a%2")?.status == nil)
        #expect(problem([("Host", "x")], target: "/a?%00?%01") == nil)
        #expect(problem([("Host", "x")], target: "?%00") == nil)
        #expect(problem([("Host", "x")], target: "/é%01?x")?.status == 400)
        #expect(problem([("Host", "x")], target: "/é?%01") == nil)
        // `?` + a combining mark is one character, not a `?`: the path goes on past it.
        #expect(problem([("Host", "x")], target: "/a?\u{301}%01?x")?.status == 400)
        #expect(HeadCheck.hasControl("a\u{85}", allowTab: true) && !HeadCheck.hasControl("a\tb", allowTab: true))
        #expect(HeadCheck.hasControl("a\tb", allowTab: false) && !HeadCheck.hasControl("é ü \u{A0}", allowTab: false))
    }

    @Test func controlsAreC0C1AndDel() {
        #expect(HeadCheck.hasControl(Array("a\tb".utf8), allowTab: true) == false)
        #expect(HeadCheck.hasControl(Array("a\tb".utf8), allowTab: false))
        #expect(HeadCheck.hasControl(Array("a\u{7F}".utf8), allowTab: true))
        #expect(HeadCheck.hasControl(Array("a\u{9B}".utf8), allowTab: true))
        #expect(HeadCheck.hasControl(Array("é ü \u{A0}".utf8), allowTab: true) == false)
    }
}
