import PolicyEngine

/// JUnit XML, the format CI systems read natively: one `<testsuite>` per file,
/// one `<testcase>` per test, a `<failure>` per failing test listing its expectations.
public enum JUnitReport {
    public static func xml(_ report: PolicyTestReport) -> String {
        var files: [String] = []
        var byFile: [String: [PolicyTestResult]] = [:]
        for result in report.results {
            if byFile[result.file] == nil { files.append(result.file) }
            byFile[result.file, default: []].append(result)
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"calpolicy\" tests=\"\(report.results.count)\" failures=\"\(report.failedCount)\">\n"
        for file in files {
            let results = byFile[file] ?? []
            let failed = results.filter { !$0.passed }.count
            out += "  <testsuite name=\"\(escape(file))\" tests=\"\(results.count)\" failures=\"\(failed)\" errors=\"0\">\n"
            for result in results {
                let open = "    <testcase classname=\"\(escape(file))\" name=\"\(escape(result.name))\" "
                    + "file=\"\(escape(file))\" line=\"\(result.line)\""
                if result.passed {
                    out += open + "/>\n"
                    continue
                }
                let first = result.failures[0]
                out += open + ">\n"
                out += "      <failure message=\"\(escape("expected \(first.expected), got \(first.actual)"))\" type=\"expectation\">"
                out += result.failures.map { escape("\($0.file):\($0.line): expected \($0.expected), got \($0.actual)") }
                    .joined(separator: "\n")
                out += "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Policy text first goes through the terminal escaper (CI pages show these strings
    /// to people: no controls, bidi or invisible format characters), then XML's.
    public static func escape(_ text: String) -> String {
        var out = ""
        ScalarEscaping.escape(TerminalText.escape(text), into: &out) { scalar in
            entities[scalar] ?? (scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "?" : nil)
        }
        return out
    }

    /// XML's markup characters, and the whitespace an attribute value would otherwise normalise.
    private static let entities: [Unicode.Scalar: String] = [
        "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;",
        "\n": "&#10;", "\t": "&#9;", "\r": "&#13;",
    ]
}
