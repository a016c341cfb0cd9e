import CalendarCore
import Foundation
import Glibc
import Testing
@testable import PolicyEngine

/// The compile cache (cls_cache.c): a policy loaded a second time comes from its cached
/// bytecode and behaves exactly as compiled from its text; anything that makes an entry
/// doubtful — other text, other name, damage, another writer — means compiling the text.
@Suite struct PolicyCompileCacheTests {
    let fixture = PolicyFixture()
    let cache: String

    init() {
        cache = fixture.directory + "/cache"
    }

    var options: LuaPolicyOptions {
        var options = LuaPolicyOptions()
        options.compileCache = cache
        return options
    }

    static let weekdays = """
        -- weekdays only, with a runtime error on a chosen day
        return {
            name = "weekdays",
            canSelect = function(day)
                if day.iso == "2026-12-25" then
                    local t = nil
                    return t.missing
                end
                return day.weekday ~= 1 and day.weekday ~= 7
            end,
            decorationFor = function(day)
                if day.day == 1 then return { label = "first" } end
            end,
        }
        """

    func entries() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).filter { $0.hasSuffix(".luac") }.sorted()
    }

    func answers(_ policy: LuaPolicy) throws -> [String] {
        let start = Day.at("2026-12-01")
        return try (0..<24).map { offset in
            let day = Day(dayNumber: start.dayNumber + offset)
            let verdict = try policy.canSelect(day, context: PolicyContext())
            let decoration = try policy.decoration(for: day, context: PolicyContext())
            return "\(day.dayNumber) \(verdict) \(String(describing: decoration))"
        }
    }

    @Test func theSecondLoadComesFromTheCacheAndAnswersTheSame() throws {
        let path = fixture.write(Self.weekdays)
        let first = try LuaPolicy(path: path, options: options)
        #expect(!first.compiledFromCache)
        #expect(entries().count == 1)
        let second = try LuaPolicy(path: path, options: options)
        #expect(second.compiledFromCache)
        #expect(try answers(second) == answers(first))
        #expect(second.metadata == first.metadata)
    }

    @Test func aRuntimeErrorOfACachedChunkNamesTheSameFileAndLine() throws {
        let path = fixture.write(Self.weekdays)
        let cold = try LuaPolicy(path: path, options: options)
        let warm = try LuaPolicy(path: path, options: options)
        #expect(warm.compiledFromCache)
        let christmas = Day.at("2026-12-25")
        let coldError = PolicyFixture.error { _ = try cold.canSelect(christmas, context: PolicyContext()) }
        let warmError = PolicyFixture.error { _ = try warm.canSelect(christmas, context: PolicyContext()) }
        #expect(coldError != nil)
        #expect(coldError?.line == 7)
        #expect(warmError?.description == coldError?.description)
    }

    @Test func anEditedPolicyIsCompiledAgainNeverServedStale() throws {
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        fixture.write("return { canSelect = function(day) return false end }")
        let edited = try LuaPolicy(path: path, options: options)
        #expect(!edited.compiledFromCache)
        #expect(try edited.canSelect(Day.at("2026-12-02"), context: PolicyContext()) != .allowed)
        #expect(try LuaPolicy(path: path, options: options).compiledFromCache)
    }

    @Test func aOneByteEditOfTheSameLengthIsCompiledAgain() throws {
        let path = fixture.write("return { canSelect = function(day) return day.day == 1 end }")
        _ = try LuaPolicy(path: path, options: options)
        fixture.write("return { canSelect = function(day) return day.day == 2 end }")
        let edited = try LuaPolicy(path: path, options: options)
        #expect(!edited.compiledFromCache)
        #expect(try edited.canSelect(Day.at("2026-12-02"), context: PolicyContext()) == .allowed)
    }

    @Test func textThatDoesNotCompileIsNeverKept() throws {
        let path = fixture.write("return { canSelect = function(day) return end end end }")
        let first = PolicyFixture.error { _ = try LuaPolicy(path: path, options: options) }
        let second = PolicyFixture.error { _ = try LuaPolicy(path: path, options: options) }
        #expect(first?.kind == .syntax)
        #expect(second?.description == first?.description)
        #expect(entries().isEmpty)
    }

    @Test func anEntryForAnotherNameIsNotUsedEvenUnderThisNamesFile() throws {
        let a = fixture.write("return { canSelect = function(day) return true end }", name: "a.lua")
        let b = fixture.write("return { canSelect = function(day) return true end }", name: "b.lua")
        _ = try LuaPolicy(path: a, options: options)
        let entryOfA = try #require(entries().first)
        _ = try LuaPolicy(path: b, options: options)
        let entryOfB = try #require(entries().first { $0 != entryOfA })
        // b's file now holds a's entry (same text, other name): it must not be taken for b.
        try FileManager.default.removeItem(atPath: cache + "/" + entryOfB)
        try FileManager.default.copyItem(atPath: cache + "/" + entryOfA, toPath: cache + "/" + entryOfB)
        let reloaded = try LuaPolicy(path: b, options: options)
        #expect(!reloaded.compiledFromCache)
    }

    @Test func aDamagedEntryIsCompiledAgainAndReplaced() throws {
        let path = fixture.write(Self.weekdays)
        let cold = try LuaPolicy(path: path, options: options)
        let entry = cache + "/" + (try #require(entries().first))
        var bytes = try #require(FileManager.default.contents(atPath: entry))
        bytes[bytes.count - 20] ^= 0x41 // inside the bytecode, past the header, name and text
        try bytes.write(to: URL(fileURLWithPath: entry))
        let damaged = try LuaPolicy(path: path, options: options)
        #expect(!damaged.compiledFromCache)
        #expect(try answers(damaged) == answers(cold))
        #expect(try LuaPolicy(path: path, options: options).compiledFromCache)
    }

    @Test func aTruncatedEntryIsCompiledAgain() throws {
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        let entry = cache + "/" + (try #require(entries().first))
        let bytes = try #require(FileManager.default.contents(atPath: entry))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: entry))
        #expect(!(try LuaPolicy(path: path, options: options).compiledFromCache))
    }

    @Test func anEntryOthersCanWriteIsNotRead() throws {
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        let entry = cache + "/" + (try #require(entries().first))
        #expect(chmod(entry, 0o620) == 0)
        #expect(!(try LuaPolicy(path: path, options: options).compiledFromCache))
    }

    @Test func aDirectoryOthersCanWriteIsNotRead() throws {
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        #expect(chmod(cache, 0o777) == 0)
        #expect(!(try LuaPolicy(path: path, options: options).compiledFromCache))
        #expect(chmod(cache, 0o700) == 0)
        #expect(try LuaPolicy(path: path, options: options).compiledFromCache)
    }

    @Test func theDirectoryAndItsMissingParentsAreMadePrivate() throws {
        var options = self.options
        options.compileCache = cache + "/deeper/still"
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        for directory in [cache, cache + "/deeper", cache + "/deeper/still"] {
            var info = stat()
            #expect(stat(directory, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o700, "\(directory)")
        }
        #expect(try LuaPolicy(path: path, options: options).compiledFromCache)
    }

    @Test func aCacheThatCannotBeMadeMeansNoCacheAndNoError() throws {
        let blocker = fixture.write("not a directory", name: "blocker")
        var options = self.options
        options.compileCache = blocker + "/cache"
        let path = fixture.write(Self.weekdays)
        let first = try LuaPolicy(path: path, options: options)
        let second = try LuaPolicy(path: path, options: options)
        #expect(!second.compiledFromCache)
        #expect(try answers(second) == answers(first))
    }

    @Test func noCacheDirectoryMeansEveryLoadCompiles() throws {
        var options = self.options
        options.compileCache = nil
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        #expect(!(try LuaPolicy(path: path, options: options).compiledFromCache))
        #expect(!FileManager.default.fileExists(atPath: cache))
    }

    @Test func pastTheLimitTheOldestEntriesGo() throws {
        for index in 0..<257 {
            let path = fixture.write("return { canSelect = function(day) return \(index) > 0 end }", name: "p\(index).lua")
            _ = try LuaPolicy(path: path, options: options)
        }
        #expect(entries().count == 192)
        // The newest is kept.
        let newest = fixture.directory + "/p256.lua"
        #expect(try LuaPolicy(path: newest, options: options).compiledFromCache)
    }

    @Test func coverageTracesTheSameLinesFromACachedChunk() throws {
        var options = self.options
        options.tracing = true
        let path = fixture.write(Self.weekdays)
        let cold = try LuaPolicy(path: path, options: options)
        let warm = try LuaPolicy(path: path, options: options)
        #expect(warm.compiledFromCache)
        _ = try answers(cold)
        _ = try answers(warm)
        #expect(!cold.trace.linesRun.isEmpty)
        #expect(warm.trace.linesRun == cold.trace.linesRun)
        #expect(warm.trace.decidingLines == cold.trace.decidingLines)
    }

    /// An entry that is not a regular file (a FIFO, a link to one, a folder, a link to a device)
    /// is passed over without being opened for reading: the policy compiles from its text at
    /// once. The load runs on its own thread with a time limit, so a regression that blocks on
    /// the FIFO fails here instead of hanging the suite.
    @Test func entriesThatAreNotFilesArePassedOverAtOnce() throws {
        let path = fixture.write(Self.weekdays)
        _ = try LuaPolicy(path: path, options: options)
        let names = entries()
        #expect(names.count == 1)
        mkfifo(fixture.directory + "/elsewhere.fifo", 0o600)
        let shapes: [(String, (String) -> Void)] = [
            ("FIFO", { mkfifo($0, 0o600) }),
            ("link to a FIFO", { symlink(self.fixture.directory + "/elsewhere.fifo", $0) }),
            ("folder", { mkdir($0, 0o700) }),
            ("link to /dev/zero", { symlink("/dev/zero", $0) }),
        ]
        for (shape, make) in shapes {
            for name in names {
                let entry = cache + "/" + name
                try? FileManager.default.removeItem(atPath: entry)
                make(entry)
            }
            let done = DispatchSemaphore(value: 0)
            let outcome = LockedBox<Result<Bool, PolicyError>?>(nil)
            let options = self.options
            Thread.detachNewThread {
                do throws(PolicyError) {
                    outcome.value = .success(try LuaPolicy(path: path, options: options).compiledFromCache)
                } catch {
                    outcome.value = .failure(error)
                }
                done.signal()
            }
            let ended = done.wait(timeout: .now() + 5) == .success
            #expect(ended, "a cache entry that is a \(shape) blocked the load")
            guard ended else { continue }
            #expect(try outcome.value?.get() == false, "\(shape)")
        }
    }
}

/// A value written by one thread and read by another after a semaphore.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }
}
