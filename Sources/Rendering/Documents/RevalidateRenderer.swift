/// `revalidate`'s documents (`revalidate`, `POST /v1/revalidate`): the refused selections as
/// JSON or a line each, then the count. `policies`: the stack's arguments, to name a refusing
/// policy by its index.
public enum RevalidateRenderer {
    public static func json(_ answer: RevalidateAnswer, policies: [String]) -> JSONValue {
        .object([
            ("policies", .array(policies.map { .string($0) })),
            ("selections", .int(answer.selections)),
            ("refusedCount", .int(answer.refusals.count)),
            ("refused", .rows(answer.refusals.map { refusal in
                .object([
                    ("id", .string(refusal.id)),
                    ("line", .int(refusal.line)),
                    ("mode", .string(refusal.mode.rawValue)),
                    ("date", .string(refusal.day.iso)),
                    ("reason", .string(refusal.reason)),
                    ("policy", .optional(policyName(refusal, policies))),
                    ("refusedDays", .int(refusal.refusedDays)),
                ])
            })),
        ])
    }

    /// One line a refused selection (`b-17  2026-12-25  Christmas Day (us.lua)`), then the count.
    public static func text(_ answer: RevalidateAnswer, policies: [String]) -> String {
        var out = ""
        for refusal in answer.refusals {
            var line = "\(refusal.id)  \(refusal.day.iso)  \(refusal.reason)"
            if let policy = policyName(refusal, policies) { line += " (\(policy))" }
            if refusal.refusedDays > 1 { line += "  +\(refusal.refusedDays - 1) more refused day\(refusal.refusedDays == 2 ? "" : "s")" }
            out += TerminalText.escape(line) + "\n"
        }
        let selections = answer.selections
        out += "\(answer.refusals.count) of \(selections) selection\(selections == 1 ? "" : "s") refused\n"
        return out
    }

    /// The refusing policy as the argument that named it; a built-in rule past them by its name.
    static func policyName(_ refusal: RevalidateRefusal, _ policies: [String]) -> String? {
        if let index = refusal.policyIndex, policies.indices.contains(index) { return policies[index] }
        return refusal.policy
    }
}
