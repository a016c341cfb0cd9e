import CalendarCore
import Foundation
import PolicyEngine
import Testing
@testable import CalPolicyServer

/// A stack version's shared Lua memory grows with the stack: a bundle of hundreds of policies
/// loads with the default workers (it was refused at the fixed 256 MiB), and one state's memory
/// bomb still stops at that state's own cap.
@Suite(.serialized) struct StackMemoryBudgetTests {
    static let today = try! Day(year: 2026, month: 12, day: 1)

    static func folder(_ texts: [String]) throws -> (URL, [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stack-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paths = texts.indices.map { folder.appendingPathComponent("p\($0).lua").path }
        for (path, text) in zip(paths, texts) { try text.write(toFile: path, atomically: false, encoding: .utf8) }
        return (folder, paths)
    }

    @Test func budgetIsHeadroomPlusTwoChunksPerState() {
        #expect(StackLoader.memoryBudget(luaPolicies: 0, sets: 4) == 256 << 20)
        #expect(StackLoader.memoryBudget(luaPolicies: 1, sets: 4) == (256 << 20) + 5 * (512 << 10))
        #expect(StackLoader.memoryBudget(luaPolicies: 1000, sets: 4) == (256 << 20) + 5000 * (512 << 10))
        #expect(StackLoader.memoryBudget(luaPolicies: 3, sets: 0) == (256 << 20) + 6 * (512 << 10))
    }

    /// 80 policies in 16 pooled sets hold 1,280 states of at least one 256 KiB chunk each
    /// (320 MiB): past the former fixed budget, within the grown one. (Many small sets rather
    /// than a few large ones: each set's load has the 5 s of an eval run, which a set of
    /// hundreds of policies can pass under ThreadSanitizer.)
    @Test func aStackPastTheFormerBudgetLoadsInEverySet() throws {
        let texts = (0..<80).map { "return { canSelect = function(day) return day.day ~= \($0 % 28 + 1) end }" }
        let (folder, paths) = try Self.folder(texts)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = StackLoader(verbose: false, fixedToday: Self.today, poolSize: 16, gateTests: false)
        switch loader.load(name: "large", paths: paths) {
        case .success(let version):
            #expect(version.memory.limit == StackLoader.memoryBudget(luaPolicies: 80, sets: 16))
            #expect(version.memory.used > 256 << 20)
        case .failure(let refusal):
            Issue.record("an 80-policy stack in 16 sets was refused: \(refusal.message)")
        }
    }

    /// A policy that builds a huge string while loading stops at its state's cap with a message,
    /// however large the stack's budget.
    @Test func oneStatesBombStillStopsAtItsCap() throws {
        let bomb = "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(1024) .. i end return { canSelect = function() return true end }"
        let (folder, paths) = try Self.folder([bomb])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loader = StackLoader(verbose: false, fixedToday: Self.today, poolSize: 4, gateTests: false)
        guard case .failure(let refusal) = loader.load(name: "bomb", paths: paths) else {
            Issue.record("a memory bomb loaded")
            return
        }
        #expect(refusal.message.contains("memory"))
    }
}
