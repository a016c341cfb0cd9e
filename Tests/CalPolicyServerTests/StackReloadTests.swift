import CalendarCore
import Foundation
import PolicyEngine
import Testing
@testable import CalPolicyServer

/// A reload goes live only when the new version answers its sample days; one that cannot keeps
/// the last good version answering and says why. A newer edit abandons a candidate still building.
@Suite(.serialized) struct StackReloadTests {
    static let today = try! Day(year: 2026, month: 12, day: 1)
    static let good = """
        return { canSelect = function(day) return true end,
                 decorationFor = function(day) if day.iso == "2026-12-02" then return { label = "good" } end end }
        """

    /// A one-stack registry over fresh files holding `texts`, loaded.
    struct Fixture {
        let folder: URL
        let paths: [String]
        let registry: StackRegistry

        init(_ texts: [String], poolSize: Int = 2) throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stack-reload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let paths = texts.indices.map { folder.appendingPathComponent("p\($0).lua").path }
            (self.folder, self.paths) = (folder, paths)
            for (path, text) in zip(paths, texts) { try text.write(toFile: path, atomically: false, encoding: .utf8) }
            let loader = StackLoader(verbose: false, fixedToday: StackReloadTests.today, poolSize: poolSize, gateTests: false)
            guard case .success(let version) = loader.load(name: "s", paths: paths) else {
                throw CocoaError(.fileReadCorruptFile)
            }
            registry = StackRegistry(slots: [.init(name: "s", paths: paths, live: version)], loader: loader, metrics: Metrics())
        }

        var live: StackVersion { registry.version("s")! }
        var attempt: StackRegistry.Attempt? { registry.snapshot()[0].attempt }

        func edit(_ index: Int, _ text: String) throws {
            try text.write(toFile: paths[index], atomically: false, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// Every function a policy may define, failing (an error, a wrong answer, an endless loop) on
    /// one of the sampled days — today, the first and the last of the next twelve firsts — or in
    /// the second policy of a stack: the reload is refused, naming the function and the day, and
    /// the last good version keeps answering.
    @Test(arguments: [
        ("hoursFor", "2027-03-01", """
            return { hoursFor = function(day) if day.iso == "2027-03-01" then error("no hours for " .. day.iso) end end }
            """),
        ("hoursFor", "2027-05-01", """
            return { hoursFor = function(day) if day.iso == "2027-05-01" then return "closed" end end }
            """),
        ("canSelect", "2026-12-01", """
            return { canSelect = function(day) if day.iso == "2026-12-01" then local t = nil return t.x end return true end }
            """),
        ("canDeselect", "2027-12-01", """
            return { canDeselect = function(day) if day.iso == "2027-12-01" then error("deselect broke") end return true end }
            """),
        ("decorationFor", "2027-01-01", """
            return { decorationFor = function(day) if day.iso == "2027-01-01" then return 42 end end }
            """),
        ("canSelect", "2027-02-01", """
            return { canSelect = function(day) if day.iso == "2027-02-01" then while true do end end return true end }
            """),
        ("answersForYear", "2027", """
            return { canSelect = function(day) return true end,
                     answersForYear = function(year) if year == 2027 then error("no table for " .. year) end return {} end }
            """),
    ])
    func sampleDayFailureKeepsTheLastGoodVersion(function: String, day: String, text: String) throws {
        for stacked in [false, true] {
            let fixture = try Fixture(stacked ? [Self.good, Self.good] : [Self.good])
            defer { fixture.remove() }
            let before = fixture.live.version
            try fixture.edit(stacked ? 1 : 0, text)
            fixture.registry.reload(force: true, why: "test")
            let attempt = try #require(fixture.attempt)
            #expect(attempt.result == "refused", "\(function) failing on \(day) went live")
            let error = attempt.error ?? ""
            #expect(error.contains("sample day") && error.contains(function) && error.contains(day)
                    && error.contains(stacked ? "p1.lua" : "p0.lua"), "\(error)")
            #expect(fixture.live.version == before)
            #expect(fixture.registry.building.isEmpty)
            // The last good version still answers, and a good edit after it goes live.
            let set = try #require(fixture.live.lease(until: DispatchTime.now().uptimeNanoseconds + 1_000_000_000))
            #expect(try set[0].decoration(for: Day(year: 2026, month: 12, day: 2), context: .init())?.label == "good")
            fixture.live.giveBack(set)
            try fixture.edit(stacked ? 1 : 0, Self.good.replacingOccurrences(of: "\"good\"", with: "\"next\""))
            fixture.registry.reload(force: true, why: "test")
            #expect(fixture.attempt?.result == "loaded" && fixture.live.version != before)
        }
    }

    /// A sample is a sample: a failure on a day it does not ask goes live (and fails there as a
    /// request would), and a policy is not asked past its declared coverage (its data ending is
    /// `dataEnds`'s news), nor is a built-in reference past its data.
    @Test(arguments: [
        """
        return { hoursFor = function(day) if day.iso == "2027-03-02" then error("not sampled") end end }
        """,
        """
        return { coverage = { from = "2026-01-01", to = "2027-01-31" },
                 canSelect = function(day) if day.iso > "2027-01-31" then error("past coverage") end return true end }
        """,
        """
        return { coverage = { from = "2027-06-01", to = "2030-12-31" },
                 canSelect = function(day) if day.iso < "2027-06-01" then error("before coverage") end return true end }
        """,
    ])
    func unsampledFailuresGoLive(text: String) throws {
        let fixture = try Fixture([Self.good])
        defer { fixture.remove() }
        try fixture.edit(0, text)
        fixture.registry.reload(force: true, why: "test")
        #expect(fixture.attempt?.result == "loaded", "\(fixture.attempt?.error ?? "")")
    }

    /// The same text is `unchanged` without running any Lua: a policy whose sample days would fail
    /// at a call keeps its live version on a forced reload (SIGHUP) instead of being refused.
    @Test func unchangedTextIsNotRebuilt() throws {
        let failing = "return { canSelect = function(day) error('always') end }"
        let fixture = try Fixture([failing])
        defer { fixture.remove() }
        let before = fixture.live
        fixture.registry.reload(force: true, why: "SIGHUP")
        #expect(fixture.attempt?.result == "unchanged" && fixture.live === before)
    }

    /// The sample: today, then the first of each of the next twelve months, for every day of
    /// four years (leap days, month and year ends among them).
    @Test func sampleDaysAreTodayAndTheNextTwelveFirsts() throws {
        var today = try Day(year: 2027, month: 1, day: 1)
        let end = try Day(year: 2031, month: 1, day: 1)
        while today < end {
            let days = StackSample.days(today: today)
            #expect(days.count == 13 && days[0] == today)
            var (year, month) = (today.year, today.month)
            for day in days.dropFirst() {
                (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
                #expect(day.day == 1 && day.month == month && day.year == year, "\(today.iso): \(day.iso)")
            }
            today = today.adding(days: 1)
        }
    }

    /// A candidate still loading (its top-level chunk spends seconds in C sorts, under the
    /// instruction budget) is abandoned when a newer edit arrives: the newer one goes live at once,
    /// not after the slow one's budget, and the abandoned one never lands. (One nobody supersedes
    /// is refused at its 5 s budget: `reloads stay live` in Tests/Serve/attacks.py.)
    @Test func newerEditAbandonsASlowCandidate() throws {
        let fixture = try Fixture([Self.good], poolSize: 1)
        defer { fixture.remove() }
        try fixture.edit(0, """
            local t = {} for i = 1, 200000 do t[i] = i end
            for _ = 1, 100000 do table.sort(t) end
            return { canSelect = function(day) return false, "slow" end }
            """)
        fixture.registry.startReload(force: true, why: "slow edit")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(fixture.registry.building == ["s"])
        try fixture.edit(0, Self.good.replacingOccurrences(of: "\"good\"", with: "\"newer\""))
        let started = Date()
        fixture.registry.reload(force: true, why: "good edit")
        let took = Date().timeIntervalSince(started)
        #expect(took < 2, "the newer edit waited \(took) s")
        #expect(fixture.attempt?.result == "loaded")
        let set = try #require(fixture.live.lease(until: DispatchTime.now().uptimeNanoseconds + 1_000_000_000))
        #expect(try set[0].decoration(for: Day(year: 2026, month: 12, day: 2), context: .init())?.label == "newer")
        fixture.live.giveBack(set)
        // The abandoned candidate stops at its next instruction (not at its 5 s budget) and is
        // thrown away: counted, never live, never the last attempt.
        let superseded = "calpolicy_reloads_total{stack=\"s\",result=\"superseded\"} 1"
        // Generous: under ThreadSanitizer one C sort between two instruction checks takes seconds.
        let deadline = Date().addingTimeInterval(30)
        while !fixture.registry.metrics.text().contains(superseded) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(fixture.registry.metrics.text().contains(superseded), "\(fixture.registry.metrics.text())")
        #expect(fixture.attempt?.result == "loaded" && fixture.registry.building.isEmpty)
    }

    /// `/v1/status` gives each stack's data horizon, the earliest day any of its policies' data
    /// or coverage ends (null when none runs out), and whether a reload is building.
    @Test(arguments: [
        (["2027-12-31", "2028-06-30", nil], "2027-12-31"),
        (["2029-01-31", nil], "2029-01-31"),
        ([nil, nil], nil),
        (["2026-06-30", "2030-01-01"], "2026-06-30"),
    ] as [([String?], String?)])
    func statusGivesTheStackDataHorizon(ends: [String?], horizon: String?) throws {
        let texts = ends.map { end in
            "return { canSelect = function(day) return true end"
                + (end.map { ", coverage = { from = \"2020-01-01\", to = \"\($0)\" } }" } ?? " }")
        }
        let fixture = try Fixture(texts)
        defer { fixture.remove() }
        guard case .run(let configuration) = ServeArguments.parse(
            ["--stack", "s=" + fixture.paths.joined(separator: ","), "--today", "2026-12-01", "--listen", "127.0.0.1:0"],
            cores: 2), case .success(let assembly) = ServerAssembly.make(configuration, cores: 1, token: nil, decisions: nil)
        else { Issue.record("the server did not assemble"); return }
        let status = try JSONSerialization.jsonObject(with: Data(assembly.router.status().utf8)) as? [String: Any]
        let stack = try #require((status?["stacks"] as? [[String: Any]])?.first)
        #expect(stack["dataEnds"] as? String == horizon && (horizon != nil || stack["dataEnds"] is NSNull), "\(stack)")
        #expect(stack["reloading"] as? Bool == false)
    }

    /// The watchdog pings while the housekeeping loop beat within a whole watchdog period (at
    /// least a second, four turns of the loop).
    @Test(arguments: [(500_000, 1_000_000), (5_000_000, 10_000_000), (100_000, 1_000_000), (200_000, 1_000_000)])
    func watchdogPingsOnlyWhileTheLoopTurns(interval: Int64, window: Int64) {
        let watchdog = SystemdNotify.Watchdog(intervalMicroseconds: interval)
        watchdog.beat()
        let now = SystemdNotify.Watchdog.now()
        for (offset, alive) in [(0, true), (window / 2, true), (window - 1_000, true), (window + 1_000, false),
                                (window * 30, false)] {
            #expect(watchdog.alive(at: now + offset) == alive, "\(offset) µs after a beat, interval \(interval) µs")
        }
    }
}
