import CalendarCore
import Testing
@testable import Rendering

@Suite struct DeployWindowsRendererTests {
    let header = DeployWindowsRenderer.Header(command: "calpolicy export argocd-sync-windows", policies: ["f.lua"],
                                              from: try! Day(iso: "2026-12-01"), to: try! Day(iso: "2026-12-31"))

    @Test func goDurationsAreExact() {
        #expect(DeployWindowsRenderer.goDuration(30 * 60) == "30m")
        #expect(DeployWindowsRenderer.goDuration(150 * 60) == "2h30m")
        #expect(DeployWindowsRenderer.goDuration(25 * 3600) == "25h")
    }

    @Test func argoCDWindowsQuoteTheirTextAndSayWhenToRegenerate() {
        let start = ZoneWallTime.utc.instant(of: try! Day(iso: "2026-12-24"), minute: 660)
        let text = DeployWindowsRenderer.argoCD([FreezeWindow(start: start, end: start + 13 * 3600,
                                                              reasons: ["Christmas \"Eve\"", "freeze"])],
                                                header: header, applications: ["*"])
        #expect(text.contains("# regenerate-by: 2026-12-31\nsyncWindows:\n- kind: deny\n  schedule: \"0 11 24 12 *\"\n"
            + "  duration: 13h\n  timeZone: UTC\n  applications:\n  - \"*\"\n  manualSync: false\n"
            + "  description: \"Christmas \\\"Eve\\\"; freeze\"\n"))
        #expect(DeployWindowsRenderer.argoCD([], header: header, applications: ["*"]).hasSuffix("syncWindows: []\n"))
    }

    @Test func gitLabPeriodsAreCronPairsInUTC() {
        let start = ZoneWallTime.utc.instant(of: try! Day(iso: "2026-12-24"), minute: 660)
        let text = DeployWindowsRenderer.gitLab([FreezeWindow(start: start, end: start + 13 * 3600, reasons: ["x"])],
                                                header: header)
        #expect(text.contains("\"freeze_start\": \"0 11 24 12 *\", \"freeze_end\": \"0 0 25 12 *\", \"cron_timezone\": \"UTC\""))
        #expect(text.contains("\"regenerateBy\": \"2026-12-31\""))
    }

    /// Argo CD keeps 255 characters of a description: a longer one is cut to 254 and an ellipsis.
    @Test func anArgoDescriptionIsAtMost255Characters() {
        #expect(DeployWindowsRenderer.argoDescription(String(repeating: "é", count: 255)).count == 255)
        let cut = DeployWindowsRenderer.argoDescription(String(repeating: "x", count: 300))
        #expect(cut.count == 255 && cut.hasSuffix("…") && cut.hasPrefix(String(repeating: "x", count: 254)))
        #expect(DeployWindowsRenderer.argoDescription("freeze") == "freeze")
    }
}
