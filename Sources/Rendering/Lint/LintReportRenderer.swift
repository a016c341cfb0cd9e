import PolicyEngine

/// `calpolicy lint`'s findings as text (`file:line:col: message`, what compilers print, so editors
/// jump to it), JSON, or GitHub Actions annotation lines (`::warning file=...,line=...,col=...::message`).
public enum LintReportRenderer {
    /// One line a finding: a line break inside a message is written as a space.
    public static func text(_ findings: [LintFinding]) -> String {
        findings.map { "\($0.file):\($0.line):\($0.column): \(shown($0).replacingAll("\n", " "))\n" }.joined()
    }

    public static func json(_ findings: [LintFinding]) -> JSONValue {
        .object([
            ("findings", .rows(findings.map { finding in
                .object([("file", .string(finding.file)), ("line", .int(finding.line)), ("column", .int(finding.column)),
                         ("code", .string(finding.code)), ("message", .string(finding.message))])
            })),
            ("count", .int(findings.count)),
        ])
    }

    /// GitHub's workflow command syntax: properties escape `%`, CR, LF, `:` and `,`; the message `%`, CR, LF.
    public static func github(_ findings: [LintFinding]) -> String {
        findings.map { finding in
            "::warning file=\(property(finding.file)),line=\(finding.line),col=\(finding.column)::\(data(shown(finding)))\n"
        }.joined()
    }

    /// luacheck's code leads its message (`(W143) accessing ...`); ours speak for themselves.
    static func shown(_ finding: LintFinding) -> String {
        finding.code == "calpolicy" ? finding.message : "(\(finding.code)) \(finding.message)"
    }

    static func data(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    static func property(_ text: String) -> String {
        data(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
