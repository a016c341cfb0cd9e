import CalendarCore
import Rendering
import Testing
@testable import CalPolicyRequests

/// Scope → Argo CD selectors: which keys map, the --applications intersection, the refusals.
@Suite struct ArgoScopeMappingTests {
    func selectors(_ include: [String: [String]], exclude: [String: [String]] = [:], applications: [String] = [],
                   context: [(String, String)] = []) throws -> ArgoWindowSelectors {
        var decision = DecisionContext()
        for (key, value) in context { try decision.set(key, value) }
        return try ArgoScopeMapping.selectors(DecisionScope(include: include, exclude: exclude), policy: "p.lua",
                                              applications: applications, decision: decision)
    }

    func refusal(_ body: () throws -> ArgoWindowSelectors) -> ArgoScopeRefusal.Problem? {
        do { _ = try body(); return nil } catch let refusal as ArgoScopeRefusal { return refusal.problem } catch { return nil }
    }

    @Test func eachKeyMapsToItsField() throws {
        #expect(try selectors(["service": ["api"]]) == ArgoWindowSelectors(applications: ["api"]))
        #expect(try selectors(["namespace": ["prod-*"]]) == ArgoWindowSelectors(namespaces: ["prod-*"]))
        #expect(try selectors(["cluster": ["eu"]]) == ArgoWindowSelectors(clusters: ["eu"]))
        #expect(try selectors(["cluster": ["eu"], "service": ["api"]]).andOperator)
        #expect(!(try selectors(["cluster": ["eu", "us"]]).andOperator))
        #expect(try ArgoScopeMapping.selectors(nil, policy: "p", applications: [], decision: DecisionContext())
            == .everyApplication())
    }

    @Test func argoGlobCharactersStayLiteral() throws {
        #expect(try selectors(["service": ["a?b[1]{x}\\"]]).applications == ["a\\?b\\[1\\]\\{x\\}\\\\"])
        #expect(ArgoScopeMapping.argoGlob("prod-*") == "prod-*")
    }

    @Test func unmappableKeysAndExcludeAreRefusedUnlessTheContextSettlesThem() throws {
        #expect(refusal { try selectors(["environment": ["production"]]) } == .unmappableKey("environment"))
        #expect(refusal { try selectors(["labels.team": ["ops"], "service": ["api"]]) } == .unmappableKey("labels.team"))
        #expect(try selectors(["environment": ["production"], "service": ["api"]], context: [("environment", "production")])
            == ArgoWindowSelectors(applications: ["api"]))
        #expect(try selectors(["environment": ["production"]], applications: ["web"], context: [("environment", "production")])
            == .everyApplication(["web"]))
        #expect(refusal { try selectors([:], exclude: ["service": ["status-page"]]) } == .exclude)
        #expect(refusal { try selectors([:], exclude: ["service": ["status-page"], "environment": ["prod"]],
                                        context: [("service", "status-page")]) } == .exclude)
        #expect(try selectors([:], exclude: ["service": ["status-page"]], context: [("service", "api")]) == .everyApplication())
        // Outside its scope the policy closes nothing: no refusal.
        #expect(try selectors(["environment": ["production"]], context: [("environment", "staging")]) == .everyApplication())
    }

    @Test func applicationsIntersectTheServiceScope() throws {
        func both(_ service: [String], _ applications: [String]) throws -> [String] {
            try ArgoScopeMapping.intersection(service: service, applications: applications, policy: "p")
        }
        #expect(try both(["api", "web"], ["web", "db"]) == ["web"])
        #expect(try both(["api-*"], ["api-eu", "web"]) == ["api-eu"])
        #expect(try both(["api"], ["a*"]) == ["api"])
        #expect(try both(["api-*"], ["api-*"]) == ["api-*"])
        #expect(try both(["*"], ["web-*"]) == ["web-*"])
        #expect(try both(["api-*"], ["*"]) == ["api-*"])
        #expect(try both(["api-*", "web-1"], ["web-*"]) == ["web-1"])
        #expect(throws: ArgoScopeRefusal.self) { try both(["api"], ["web"]) }
        #expect(throws: ArgoScopeRefusal.self) { try both(["api-*"], ["*-eu"]) }
        #expect(ArgoScopeMapping.mayShare("api-*", "*-eu"))
        #expect(!ArgoScopeMapping.mayShare("api-*", "web-*"))
        #expect(!ArgoScopeMapping.mayShare("*-us", "*-eu"))
        #expect(try selectors(["namespace": ["prod"]], applications: ["web"]) == ArgoWindowSelectors(applications: ["web"], namespaces: ["prod"]))
    }
}
