import CalendarData
import CalendarCore
import PolicyEngine

/// POLICY arguments that name built-in data instead of a file: `holidays:DE-BE`,
/// `holidays:XNYS`, `weekends:AE` (see `HolidayReference`). Both faces load their stacks
/// through here, so a reference means the same on the command line and in `serve`.
public enum BuiltInReference {
    public static func isReference(_ argument: String) -> Bool { HolidayReference.isReference(argument) }

    /// The policy `reference` names; a problem with it is a usage error naming the reference.
    public static func policy(_ reference: String) throws(RequestFailure) -> any DayPolicy {
        do {
            return try HolidayReference(reference).policy()
        } catch {
            throw .badPolicyPath(reference, problem: error.message)
        }
    }

    /// The stack in argument order: each reference's policy, and the next of `files` (the
    /// policies loaded from the other arguments, in order) for every other argument.
    public static func stack(_ arguments: [String], files: [any DayPolicy]) throws(RequestFailure) -> [any DayPolicy] {
        var remaining = files[...]
        var stack: [any DayPolicy] = []
        for argument in arguments {
            if isReference(argument) {
                stack.append(try policy(argument))
            } else if let next = remaining.popFirst() {
                stack.append(next)
            }
        }
        return stack
    }
}
