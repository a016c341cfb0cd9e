import Foundation
import Testing

/// `export argocd-sync-windows` over scoped policies (Tests/fixtures/scope/argo/): a scope's
/// service, namespace and cluster become the window's applications, namespaces and clusters;
/// what Argo CD cannot select by is refused unless --context gives it.
@Suite struct ArgoScopeExportEndToEndTests {
    let root = CalpolicyBinary.packageRoot.path
    /// 2026-12-01 is a Tuesday: the week holds one day of each fixture.
    let span = ["--from", "2026-12-01", "--to", "2026-12-07"]

    func export(_ policies: [String], _ options: [String] = [], span: [String]? = nil) throws -> CalpolicyBinary.Result {
        try CalpolicyBinary.run(["export", "argocd-sync-windows"] + policies.map { "\(root)/Tests/fixtures/scope/\($0)" }
                                + (span ?? self.span) + options)
    }

    /// The one window of `text` that `description` names, from `- kind` to its description.
    func window(_ text: String, _ description: String) -> String? {
        text.components(separatedBy: "- kind: deny\n").first { $0.contains("description: \"\(description)\"") }
    }

    @Test func aServiceScopeNamesTheApplications() throws {
        let result = try export(["argo/service.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(window(result.stdout, "payments Saturday")?.contains(
            "  timeZone: UTC\n  applications:\n  - \"payments\"\n  - \"payments-*\"\n  manualSync: false\n") == true)
        #expect(!result.stdout.contains("andOperator"))
    }

    @Test func aNamespaceScopeNamesOnlyNamespaces() throws {
        let result = try export(["argo/namespace.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        // No `applications: ['*']` beside it: Argo CD would OR the two and close every application.
        #expect(window(result.stdout, "production Wednesday")?.contains(
            "  timeZone: UTC\n  namespaces:\n  - \"prod-*\"\n  manualSync: false\n") == true)
        #expect(!result.stdout.contains("applications"))
    }

    @Test func aClusterScopeNamesOnlyClusters() throws {
        let result = try export(["argo/cluster.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(window(result.stdout, "EU Thursday")?.contains(
            "  timeZone: UTC\n  clusters:\n  - \"eu-west-1\"\n  manualSync: false\n") == true)
    }

    @Test func twoMappedKeysAreANDed() throws {
        let result = try export(["argo/service-namespace.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(window(result.stdout, "API production Tuesday")?.contains(
            "  applications:\n  - \"api\"\n  namespaces:\n  - \"prod-*\"\n  andOperator: true\n  manualSync: false\n") == true)
    }

    @Test func excludeIsRefusedInOneLine() throws {
        let result = try export(["production-freeze.lua"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.hasPrefix("calpolicy: export: \(root)/Tests/fixtures/scope/production-freeze.lua: scope 'exclude' "))
    }

    /// --context settles exclude when it names a value the exclude does not match.
    @Test func excludeSettledByTheContextExports() throws {
        let result = try export(["production-freeze.lua"], ["--context", "environment=production", "--context", "service=api"],
                                span: ["--from", "2026-12-14", "--to", "2026-12-20"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(window(result.stdout, "year-end change freeze")?.contains(
            "  schedule: \"0 0 18 12 *\"\n  duration: 72h\n  timeZone: UTC\n  applications:\n  - \"*\"\n  manualSync") == true)
        // The environment alone leaves the exclude open: refused.
        #expect(try export(["production-freeze.lua"], ["--context", "environment=production"]).status == 2)
        let staging = try export(["production-freeze.lua"], ["--context", "service=status-page"])
        #expect(staging.status == 0, "\(staging.stderr)")
        #expect(staging.stdout.hasSuffix("syncWindows: []\n"))
    }

    @Test func anUnmappableKeyIsRefused() throws {
        let result = try export(["argo/environment.lua"])
        #expect(result.status == 2)
        #expect(result.stderrLines == ["calpolicy: export: \(root)/Tests/fixtures/scope/argo/environment.lua: scope key "
            + "'environment' has no Argo CD field (a sync window selects by application, namespace and cluster only); "
            + "export one slice with --context environment=VALUE"])
    }

    @Test func anUnmappableKeyTheContextGivesIsResolved() throws {
        let production = try export(["argo/environment.lua"], ["--context", "environment=production"])
        #expect(production.status == 0, "\(production.stderr)")
        #expect(window(production.stdout, "production Monday")?.contains("  applications:\n  - \"api\"\n  manualSync: false\n") == true)
        let staging = try export(["argo/environment.lua"], ["--context", "environment=staging"])
        #expect(staging.status == 0, "\(staging.stderr)")
        #expect(staging.stdout.hasSuffix("syncWindows: []\n"))
    }

    @Test func applicationsIntersectAServiceScope() throws {
        let exact = try export(["argo/service.lua"], ["--applications", "payments-eu", "--applications", "web"])
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(window(exact.stdout, "payments Saturday")?.contains("  applications:\n  - \"payments-eu\"\n  manualSync") == true)
        let everything = try export(["argo/service.lua"], ["--applications", "*"])
        #expect(window(everything.stdout, "payments Saturday")?.contains(
            "  applications:\n  - \"payments\"\n  - \"payments-*\"\n  manualSync") == true)
        // A namespace scope with --applications: both lists, ANDed.
        let namespace = try export(["argo/namespace.lua"], ["--applications", "web"])
        #expect(window(namespace.stdout, "production Wednesday")?.contains(
            "  applications:\n  - \"web\"\n  namespaces:\n  - \"prod-*\"\n  andOperator: true\n") == true)
    }

    @Test func anEmptyIntersectionIsRefused() throws {
        let result = try export(["argo/service.lua"], ["--applications", "web", "--applications", "web-*"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("service.lua: --applications 'web', 'web-*' and scope key 'service' "
            + "'payments', 'payments-*' have no application in common"))
        // Two globs that may share applications cannot be intersected into one glob.
        let globs = try export(["argo/service.lua"], ["--applications", "*-eu"])
        #expect(globs.status == 2)
        #expect(globs.stderr.contains("are different globs"))
    }

    /// A stack of policies with different scopes: each window carries its own policy's selectors,
    /// in order of start; the unscoped one applies to every application as before.
    @Test func aMixedStackIsSplitIntoGroups() throws {
        let result = try export(["argo/namespace.lua", "argo/service.lua", "sundays.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        let windows = result.stdout.components(separatedBy: "- kind: deny\n").dropFirst()
        #expect(windows.count == 3)
        #expect(windows.map { $0.contains("schedule: \"0 0 2 12 *\"") && $0.contains("namespaces:") } == [true, false, false])
        #expect(window(result.stdout, "payments Saturday")?.contains("schedule: \"0 0 5 12 *\"") == true)
        #expect(window(result.stdout, "Sunday")?.contains("  applications:\n  - \"*\"\n  manualSync") == true)
    }
}
