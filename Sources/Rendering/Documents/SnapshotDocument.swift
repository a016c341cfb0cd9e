import PolicyEngine

/// The snapshot file format: stable key order and one day per line, so a changed
/// policy shows up in review as a changed line per day (`PolicySnapshot.decode` reads it).
///
/// ```
/// {
///   "policies": ["us-federal-holidays.lua"],
///   "from": "2027-01-01",
///   "to": "2027-12-31",
///   "today": "2027-01-01",
///   "days": [
///     {"date": "2027-01-01", "selectable": false, "deselectable": true, "reason": "New Year's Day", "decoration": {...}},
///     ...
///   ]
/// }
/// ```
/// A stack with hours adds `"timeZone"` after `today` and each day's `"intervals"` (its closed
/// time in that zone). `PolicySnapshot.headerLines` counts the lines before the first day.
public enum SnapshotDocument {
    public static func text(_ snapshot: PolicySnapshot) -> String {
        JSONRecordDocument.write(fields: [
            ("policies", .array(snapshot.policies.map(JSONValue.string))),
            ("from", .string(snapshot.span.first.iso)),
            ("to", .string(snapshot.span.last.iso)),
            ("today", .string(snapshot.today.iso)),
        ] + (snapshot.timeZone.map { [("timeZone", JSONValue.string($0))] } ?? []),
        listKey: "days", records: snapshot.days.map(JSONValue.record))
    }
}

extension PolicySnapshot {
    /// The file's text, as `SnapshotDocument` writes it.
    public var encoded: String { SnapshotDocument.text(self) }
}
