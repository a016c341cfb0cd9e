import CalendarCore
import Foundation
import Testing
@testable import PolicyEngine

@Suite struct LuaPolicyTracebackTests {
    @Test func tracebacksNameALongPathInFull() throws {
        let fixture = PolicyFixture()
        let directory = fixture.directory + "/" + String(repeating: "workspace-", count: 8)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/policy.lua"
        _ = FileManager.default.createFile(atPath: path, contents: Data("""
            local function deeper(day) error("broken on " .. day.iso) end
            function canSelect(day)
              deeper(day)
              return true
            end
            """.utf8))
        let policy = try LuaPolicy(path: path)
        let error = PolicyFixture.error { _ = try policy.canSelect(.at("2026-03-01"), context: PolicyContext()) }
        let traceback = try #require(error?.traceback)
        #expect(path.utf8.count > 60)
        #expect(traceback.contains(path + ":1: in "))
        #expect(traceback.contains(path + ":3: in "))
        #expect(!traceback.contains("..."))
        #expect(error?.line == 1)
        #expect(error?.file == path)
    }
}
