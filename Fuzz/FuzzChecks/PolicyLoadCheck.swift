import CalendarCore
import PolicyEngine

/// What must hold for any bytes loaded as a policy: loading and answering end in a value or a typed
/// `PolicyError` naming the file, never a crash (AddressSanitizer watches memory, including leaks).
/// Budgets are small so each input costs little; the defaults are tested by the hostile suite.
public enum PolicyLoadCheck {
    static let path = "fuzz-input.lua"
    static let days = [Day(dayNumber: 20_454), Day(dayNumber: 19_782), Day(dayNumber: 0)]

    public static var options: LuaPolicyOptions {
        var options = LuaPolicyOptions()
        options.instructionBudget = 200_000
        options.loadBudget = 400_000
        options.memoryLimit = 16 << 20
        options.today = Day(dayNumber: 20_454)
        // Every input is a new text under one name: a cache would write a file per input.
        options.compileCache = nil
        return options
    }

    /// The broken invariant, or nil.
    public static func problem(_ bytes: UnsafeRawBufferPointer) -> String? {
        let policy: LuaPolicy
        do {
            policy = try LuaPolicy(path: path, source: Array(bytes), options: options)
        } catch {
            return check(error)
        }
        let context = PolicyContext(today: days[0], selection: [days[1]])
        for day in days {
            do {
                _ = try policy.canSelect(day, context: context)
                _ = try policy.canDeselect(day, context: context)
                _ = try policy.decoration(for: day, context: context)
            } catch let error as PolicyError {
                if let problem = check(error) { return problem }
            } catch {
                return "a policy call threw something other than PolicyError: \(error)"
            }
        }
        return nil
    }

    static func check(_ error: PolicyError) -> String? {
        if error.file != path { return "error names '\(error.file)', not the policy file: \(error)" }
        if error.message.isEmpty { return "error without a message: \(error.kind)" }
        return nil
    }
}
