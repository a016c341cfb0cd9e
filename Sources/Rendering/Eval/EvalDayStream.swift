/// A document whose days arrive in runs while they are still being evaluated
/// (`EvalCSVRenderer.Stream`, `EvalJSONRenderer.Stream`): `append` each run in order, then
/// `finish`; `flush` passes on what stands when a later run fails.
public protocol EvalDayStream {
    mutating func append(_ days: [DayEvaluation])
    mutating func flush()
    mutating func finish()
}
