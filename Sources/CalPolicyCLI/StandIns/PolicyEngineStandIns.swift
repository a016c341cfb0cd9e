// Stand-ins for PolicyEngine names agreed in the API contract, used until the Lua
// engine lands; this file is deleted then. Declared here, they shadow nothing yet.
import CalendarCore

struct PolicyError: Error, Sendable, CustomStringConvertible {
    enum Kind: String, Sendable { case syntax, runtime, type, sandbox, budget, memory, io }
    var kind: Kind
    var file: String
    var line: Int?
    var function: String?
    var day: Day?
    var message: String
    var traceback: String?

    var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}

struct LuaPolicyOptions: Sendable {
    var instructionBudget: Int = 10_000_000
    var loadBudget: Int = 10_000_000
    var memoryLimit: Int = 64 << 20
    var hookEnabled: Bool = true
    var verbose: Bool = false
    var today: Day?
    init() {}
}

struct PolicyMetadata: Sendable {
    var name: String
    var description: String?
    var version: String?
}

final class LuaPolicy: DayPolicy, @unchecked Sendable {
    let name: String
    let metadata: PolicyMetadata

    init(path: String, options: LuaPolicyOptions = .init()) throws(PolicyError) {
        throw PolicyError(kind: .io, file: path, line: nil, function: nil, day: nil,
                          message: "lua policies are not available in this build", traceback: nil)
    }
}
