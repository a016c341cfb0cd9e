import CalendarCore
import Foundation
import Rendering
import Testing
@testable import CalPolicyRequests

/// `gitops-pause`: export's windows as suspend and resume edges, and the Flux objects named.
@Suite struct GitOpsPauseUseCaseTests {
    func span(_ from: String, _ to: String) throws -> ExportUseCase.Span {
        try ExportUseCase.span(UseCaseFixture.values([(OptionCatalogue.from, from), (OptionCatalogue.to, to)]), zone: .utc)
    }

    func edges(_ policies: [String], _ from: String, _ to: String) throws -> ([(String, Bool)], Bool) {
        let (edges, closedAtEnd) = try GitOpsPauseUseCase.edges(try UseCaseFixture.policies(policies), span: try span(from, to),
                                                                today: UseCaseFixture.today)
        return (edges.map { (FluxPauseRenderer.instant($0.instant), $0.suspend) }, closedAtEnd)
    }

    /// The year-end freeze: suspended at its first day, resumed after its last.
    @Test func aWindowIsASuspendThenAResume() throws {
        let (edges, closedAtEnd) = try edges(["policies/change-freeze.lua"], "2026-12-01", "2027-01-31")
        #expect(edges.map(\.0) == ["2026-12-18T00:00:00Z", "2027-01-05T00:00:00Z"])
        #expect(edges.map(\.1) == [true, false])
        #expect(!closedAtEnd)
    }

    /// A span ending inside the freeze: the suspend only (a resume there would open it).
    @Test func aWindowReachingTheEndHasNoResume() throws {
        let (edges, closedAtEnd) = try edges(["policies/change-freeze.lua"], "2026-12-01", "2026-12-24")
        #expect(edges.map(\.1) == [true])
        #expect(closedAtEnd)
    }

    /// Closed for a whole year: export splits it at 300 days for cron; a pause is one suspend.
    @Test func windowsSplitForCronAreJoined() throws {
        let path = NSTemporaryDirectory() + "gitops-closed-\(getpid()).lua"
        defer { unlink(path) }
        try "return { canSelect = function(day) return false, \"closed\" end }".write(toFile: path, atomically: true, encoding: .utf8)
        let policies = try UseCaseFixture.policies([path])
        #expect(try ExportUseCase.windows(policies, span: try span("2026-01-01", "2026-12-31"), today: UseCaseFixture.today).count == 2)
        let (edges, closedAtEnd) = try edges([path], "2026-01-01", "2026-12-31")
        #expect(edges.map(\.0) == ["2026-01-01T00:00:00Z"] && closedAtEnd)
    }

    /// Objects: NAMESPACE/NAME as the API server takes them, each once, Kustomizations first.
    @Test func objectsAreNamedAsKubernetesNamesThem() throws {
        let values = UseCaseFixture.values([(GitOpsPauseUseCase.helmRelease, "payments/checkout"),
                                            (GitOpsPauseUseCase.kustomization, "flux-system/apps.v2"),
                                            (GitOpsPauseUseCase.kustomization, "flux-system/apps.v2")])
        let objects = try GitOpsPauseUseCase.objects(values)
        #expect(objects.map { "\($0.kind.rawValue) \($0.namespace)/\($0.name)" } == ["Kustomization flux-system/apps.v2",
                                                                                   "HelmRelease payments/checkout"])
        for bad in ["apps", "a/b/c", "/apps", "Flux/apps", "flux-system/", "flux-system/apps.", "-ns/apps",
                    String(repeating: "n", count: 64) + "/apps"] {
            #expect(throws: RequestError.self, "\(bad)") {
                try GitOpsPauseUseCase.objects(UseCaseFixture.values([(GitOpsPauseUseCase.kustomization, bad)]))
            }
        }
        #expect(throws: RequestError.self) { try GitOpsPauseUseCase.objects(UseCaseFixture.values([])) }
    }
}
