/// `workdays`'s documents: the answer as text (the day or the count), as JSON
/// (`workdays --format json`, `GET /v1/business-days`) with the stack's arguments and the
/// question, and a batch (`workdays --batch`) one answer a line.
public enum WorkdaysRenderer {
    public static func json(_ answer: WorkdaysAnswer, policies: [String]) -> JSONValue {
        var fields: [(String, JSONValue)] = [("policies", .array(policies.map { .string($0) }))]
        switch answer {
        case .added(let from, let n, let day):
            fields += [("from", .string(from.iso)), ("days", .int(n)), ("date", .string(day.iso))]
        case .counted(let from, let to, let count):
            fields += [("from", .string(from.iso)), ("to", .string(to.iso)), ("businessDays", .int(count))]
        }
        return .object(fields)
    }

    /// The day `add` lands on, or the count `between` gives.
    public static func text(_ answer: WorkdaysAnswer) -> String {
        switch answer {
        case .added(_, _, let day): day.iso
        case .counted(_, _, let count): String(count)
        }
    }

    /// One answer: pretty JSON, or its text on a line.
    public static func document(_ answer: WorkdaysAnswer, policies: [String], json: Bool) -> String {
        json ? JSONWriter.write(Self.json(answer, policies: policies)) : text(answer) + "\n"
    }

    /// A batch, a line an answer (compact JSON or text); a line without a business day says so.
    public static func batch(_ lines: [WorkdaysAnswer.Line], policies: [String], json: Bool) -> String {
        var out = ""
        for line in lines {
            switch line {
            case .answer(let answer):
                if json { JSONWriter.appendInline(Self.json(answer, policies: policies), to: &out) } else { out += text(answer) }
            case .noBusinessDay(let from, let years):
                out += "error: no business day within \(years) years of \(from)"
            }
            out += "\n"
        }
        return out
    }
}
