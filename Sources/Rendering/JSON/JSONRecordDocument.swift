/// The layout of snapshots, diffs and explanations: an object whose fields are one line
/// each and whose last field is a list of records, one record per line, so a changed
/// day shows up in review as one changed line.
///
/// ```
/// {
///   "from": "2027-01-01",
///   "days": [
///     {"date": "2027-01-01", ...},
///     {"date": "2027-01-02", ...}
///   ]
/// }
/// ```
/// An empty list is written open, `[` and `]` on their own lines.
public enum JSONRecordDocument {
    public static func write(fields: [(String, JSONValue)], listKey: String, records: [JSONValue]) -> String {
        var out = "{\n"
        for (key, value) in fields {
            field(key, &out)
            JSONWriter.appendInline(value, to: &out)
            out += ",\n"
        }
        field(listKey, &out)
        out += "[\n"
        for (index, record) in records.enumerated() {
            out += "    "
            JSONWriter.appendInline(record, to: &out)
            out += index < records.count - 1 ? ",\n" : "\n"
        }
        out += "  ]\n}\n"
        return out
    }

    private static func field(_ key: String, _ out: inout String) {
        out += "  "
        JSONWriter.escape(key, into: &out)
        out += ": "
    }
}
