import CalPolicyRequests
import CalendarData
import Foundation
import MHDHost
import Testing
@testable import CalPolicyServer

/// The decision log's lines, in-process: each decision's id in `X-Decision-Id` and in its line
/// (never in the body, which is cached and ETagged), the answer in the line, and a cache hit
/// logging the same answer under a new id.
@Suite struct DecisionLogRouteTests {
    let routes = RouterTests()

    func server(_ mask: [String] = []) throws -> (router: Router, log: DecisionLog, path: String) {
        let path = NSTemporaryDirectory() + "decision-log-\(UUID().uuidString).jsonl"
        let log = try DecisionLog(path: path, mask: try DecisionMask.parse(mask, option: OptionCatalogue.decisionLogMask))
        guard case .run(let configuration) = ServeArguments.parse(
            ["policies/change-freeze.lua", "examples/deploy-hours.lua", "--time-zone", "Europe/Berlin",
             "--today", "2026-12-01", "--listen", "127.0.0.1:0"], cores: 2),
            case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: log)
        else { throw DecisionLogRouteError.noServer }
        return (assembly.router, log, path)
    }

    func lines(_ log: DecisionLog, _ path: String) throws -> [[String: Any]] {
        log.flush(within: 5)
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aGateAnswerAndItsCacheHitAreLoggedWithTheirIds() throws {
        let (router, log, path) = try server()
        defer { unlink(path) }
        let target = "/v1/gate?at=2026-12-11T15:05:00Z&context.environment=production"
        let first = routes.get(target, router: router)
        let second = routes.get(target, router: router)
        #expect(first.status == 200 && second.status == 200)
        let ids = [first, second].map { routes.header($0, "X-Decision-Id") }
        #expect(ids[0] != nil && ids[1] != nil && ids[0] != ids[1])
        // The body is the cached one: the same bytes, holding neither id.
        #expect(first.body == second.body)
        for id in ids.compactMap({ $0 }) { #expect(!String(decoding: first.body, as: UTF8.self).contains(id)) }
        let written = try lines(log, path)
        #expect(written.count == 2)
        #expect(written.map { $0["decisionId"] as? String } == ids)
        let answers = written.compactMap { $0["answer"] as? [String: Any] }
        #expect(answers.count == 2)
        #expect(answers[0]["open"] as? Bool == false)
        #expect(answers[0]["reason"] as? String == "no Friday-afternoon deploys")
        #expect(answers[0]["policy"] as? String == "examples/deploy-hours.lua")
        #expect(answers[0]["until"] as? String == "2026-12-14T08:00:00+01:00")
        #expect(answers[0]["override"] is NSNull)
        for field in ["open", "reason", "policy", "until"] {
            #expect("\(answers[0][field] ?? "none")" == "\(answers[1][field] ?? "none")", "\(field)")
        }
        #expect(answers[1]["override"] is NSNull)
        let line = written[0]
        #expect((line["instant"] as? [String: Any])?["seconds"] as? Int == 1_797_001_500)
        #expect((line["instant"] as? [String: Any])?["iso"] as? String == "2026-12-11T16:05:00+01:00")
        // The server's --today is the today the policies saw.
        #expect(line["timeZone"] as? String == "Europe/Berlin" && line["today"] as? String == "2026-12-01")
        #expect((line["context"] as? [String: Any])?["environment"] as? String == "production")
        #expect(line["status"] as? Int == 200 && line["route"] as? String == "/v1/gate")
        #expect((line["data"] as? [String: Any])?.keys.sorted() == ["holidays", "tzdata"])
    }

    @Test func aDocumentIsLoggedAsItsDigestAndETagHitOrMiss() throws {
        let (router, log, path) = try server()
        defer { unlink(path) }
        let miss = routes.get("/v1/month?month=2026-12", router: router)
        let hit = routes.get("/v1/month?month=2026-12", router: router)
        let etag = try #require(routes.header(miss, "ETag"))
        let notModified = routes.get("/v1/month?month=2026-12", headers: ["if-none-match": etag], router: router)
        #expect(notModified.status == 304 && routes.header(notModified, "X-Decision-Id") != nil)
        let written = try lines(log, path)
        #expect(written.count == 3)
        for line in written {
            let answer = line["answer"] as? [String: Any]
            #expect(answer?["sha256"] as? String == SHA256.hex(miss.body), "\(line)")
            #expect(answer?["etag"] as? String == etag)
        }
        #expect(hit.body == miss.body)
    }

    @Test func maskedKeysAreHashedInTheLineNotTheAnswer() throws {
        let (router, log, path) = try server(["actor"])
        defer { unlink(path) }
        let response = routes.get("/v1/gate?at=2026-12-15T09:30:00Z&context.actor=alice", router: router)
        #expect(response.status == 200)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let line = try #require(try lines(log, path).first)
        #expect(!text.contains("alice"))
        #expect(line["masked"] as? [String] == ["actor"])
        #expect((line["query"] as? [String: Any])?["context.actor"] as? String == "sha256:" + SHA256.hex(Array("alice".utf8)))
    }

    @Test func aFailedDecisionIsLoggedWithoutAnAnswer() throws {
        let (router, log, path) = try server()
        defer { unlink(path) }
        #expect(routes.get("/v1/gate?at=2026-12-15T09:30", router: router).status == 400)
        let line = try #require(try lines(log, path).first)
        #expect(line["answer"] is NSNull && line["status"] as? Int == 400)
    }
}

enum DecisionLogRouteError: Error { case noServer }
