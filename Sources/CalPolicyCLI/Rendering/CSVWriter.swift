/// RFC 4180 fields: quoted when they hold a comma, quote, CR or LF (quotes doubled);
/// rows end with LF, which every CSV reader accepts.
enum CSVWriter {
    static func field(_ text: String) -> String {
        // Bytes, not Characters: comparing Characters costs a string comparison each, and
        // this runs for every field of every day (it was half of a long CSV evaluation).
        let needsQuotes = text.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return text }
        return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
    }

    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\n"
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
