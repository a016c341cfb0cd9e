import CalendarCore
import LuaHost

/// One line the harness wrote: a kind, the test file's line, then fields (nil when absent).
struct TestRecord: Hashable, Sendable {
    var kind: String
    var line: Int
    var fields: [String?]

    func field(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }

    /// Parses the harness's tab-separated lines; see `PolicyTestHarness`.
    static func parse(_ text: String) -> [TestRecord] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let fields = parts.dropFirst(2).map { part -> String? in
                part.hasPrefix("=") ? PreludeField.unescape(part.dropFirst()) : nil
            }
            return TestRecord(kind: parts.first ?? "", line: parts.count > 1 ? Int(parts[1]) ?? 0 : 0,
                              fields: Array(fields))
        }
    }
}

/// A test file loaded into a sandboxed Lua state of its own, with `cal`, `test` and `expect`.
final class PolicyTestScript {
    struct Declared: Hashable, Sendable {
        var name: String
        var line: Int
    }

    let path: String
    let policies: [String]
    /// The line of the `test.policies` call naming each policy (0 when unknown).
    let policyLines: [Int]
    let today: Day?
    /// `test.zone`: the stack's zone for policies that name none (nil: UTC).
    let zone: String?
    let tests: [Declared]
    private let state: PolicyLuaState

    init(path: String, options: LuaPolicyOptions) throws(PolicyError) {
        let source = try PolicyFile.source(path, limit: options.memoryLimit)
        let bridge = PolicyDateBridge()
        let pool = options.memoryPool ?? PolicyRun.current?.memoryPool
        RunNote.noteLoading(subject: PolicySubjects.shared.id(for: path))
        let loaded: (PolicyLuaState, String)
        do {
            loaded = try LuaNativeStack.run { () throws(LuaError) -> (PolicyLuaState, String) in
                let state = try PolicyLuaState(options: LuaStateOptions(
                    instructionBudget: options.instructionBudget, loadBudget: options.loadBudget,
                    memoryLimit: options.memoryLimit, hookEnabled: options.hookEnabled,
                    print: options.printHandler(file: PolicyFile.fileName(of: path)),
                    memoryPool: pool, compileCache: options.compileCache), dateBridge: bridge)
                for identifier in CalendarIdentifier.allCases { _ = state.registerCalendar(identifier.rawValue) }
                try CalPrelude.load(into: state)
                try state.loadPrelude(PolicyTestHarness.source, bytecode: PolicyTestHarness.bytecode,
                                      name: PolicyTestHarness.chunkName)
                var bytes = source
                if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
                _ = try state.loadPolicy(bytes, path: path)
                let listing = try state.callGlobal(PolicyTestHarness.entryPoint, argument: "list")
                return (state, listing)
            }
        } catch {
            throw PolicyError(error, file: path, function: nil, day: nil)
        }
        state = loaded.0
        self.path = path
        var policies: [String] = []
        var policyLines: [Int] = []
        var today: Day?
        var zone: String?
        var tests: [Declared] = []
        for record in TestRecord.parse(loaded.1) {
            guard let value = record.field(0) else { continue }
            switch record.kind {
            case "policy":
                policies.append(value)
                policyLines.append(record.line)
            case "today": today = try? Day(iso: value)
            case "zone": zone = value
            case "test": tests.append(Declared(name: value, line: record.line))
            default: break
            }
        }
        self.policies = policies
        self.policyLines = policyLines
        self.today = today
        self.zone = zone
        self.tests = tests
    }

    /// Runs test `index` (0-based) and returns what it expected.
    func run(_ index: Int) throws(PolicyError) -> [TestRecord] {
        let state = self.state
        RunNote.noteTest(subject: PolicySubjects.shared.id(for: path))
        do {
            let text = try LuaNativeStack.run { () throws(LuaError) -> String in
                try state.callGlobal(PolicyTestHarness.entryPoint, argument: "run \(index + 1)")
            }
            return TestRecord.parse(text)
        } catch {
            throw PolicyError(error, file: path, function: tests.indices.contains(index) ? tests[index].name : nil,
                              day: nil)
        }
    }
}
