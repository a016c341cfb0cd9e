import CalendarCore
import Foundation
@testable import PolicyEngine

/// Writes Lua sources to a fresh temporary directory, so each test loads real files.
struct PolicyFixture {
    let directory: String

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("policy-tests-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ source: String, name: String = "policy.lua") -> String {
        write(bytes: Array(source.utf8), name: name)
    }

    @discardableResult
    func write(bytes: [UInt8], name: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func load(_ source: String, name: String = "policy.lua", options: LuaPolicyOptions = .init()) throws -> LuaPolicy {
        try LuaPolicy(path: write(source, name: name), options: options)
    }

    /// The error a load or call throws, or nil when it succeeds.
    static func error(_ body: () throws -> Void) -> PolicyError? {
        do {
            try body()
            return nil
        } catch let error as PolicyError {
            return error
        } catch {
            return PolicyError(kind: .io, file: "?", message: "unexpected \(error)")
        }
    }
}

extension Day {
    static func at(_ iso: String) -> Day { (try? Day(iso: iso)) ?? Day(dayNumber: 0) }
}
