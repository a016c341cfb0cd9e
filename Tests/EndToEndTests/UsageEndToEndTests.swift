import Foundation
import Testing

/// Exit code 2 and the one-line error shape, through the real binary.
@Suite struct UsageEndToEndTests {
    func expectUsageError(_ arguments: [String], _ line: String,
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try CalpolicyBinary.run(arguments)
        #expect(result.status == 2, sourceLocation: sourceLocation)
        #expect(!result.signalled, sourceLocation: sourceLocation)
        #expect(result.stderr == "calpolicy: " + line + "\n", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }

    /// Command lines, and the one line each is refused with.
    static let refusals: [([String], String)] = [
        // Misspellings get a suggestion.
        (["eval", "--mnth", "2024-01"], "unknown option '--mnth'; did you mean '--month'?"),
        (["slect"], "unknown command 'slect'; did you mean 'select'?"),
        // A bad month says the range.
        (["eval", "--month", "2024-13"], "invalid value '2024-13' for '--month <YYYY-MM>': month must be 1...12"),
        // Bad dates say what is wrong.
        (["eval", "--today", "2026-02-29"],
         "invalid value '2026-02-29' for '--today <YYYY-MM-DD>': day 29 does not exist in 2026-02 (it has 28 days)"),
        (["eval", "--from", "2026-1-1", "--to", "2026-01-31"],
         "invalid value '2026-1-1' for '--from <YYYY-MM-DD>': expected a date YYYY-MM-DD"),
        (["eval", "--from", "2026-02-01", "--to", "2026-01-31"],
         "invalid value '2026-01-31' for '--to <YYYY-MM-DD>': must not be before 2026-02-01"),
        (["select", "--mode", "single", "--tap", "yesterday"],
         "invalid value 'yesterday' for '--tap <YYYY-MM-DD>': expected a date YYYY-MM-DD"),
        // A missing value, and a value on a flag.
        (["eval", "--year"], "missing value for '--year <YYYY>'"),
        (["eval", "--week-numbers=yes"], "option '--week-numbers' takes no value, got 'yes'"),
        // Wrong choices list the choices.
        (["eval", "--format", "pdf"],
         "invalid value 'pdf' for '--format <text|json|csv|html|ics>': expected one of text, json, csv, html, ics"),
        (["select", "--mode", "rnage"],
         "invalid value 'rnage' for '--mode <single|multiple|range|week|month>': expected one of single, multiple, range, week, month; did you mean 'range'?"),
        (["eval", "--first-weekday", "0"], "invalid value '0' for '--first-weekday <1-7>': expected an integer 1...7"),
        // An overlong span is refused.
        (["eval", "--from", "0001-01-01", "--to", "9999-12-31"],
         "invalid value '9999-12-31' for '--to <YYYY-MM-DD>': span must be at most 146097 days (400 years)"),
        // A missing policy file is a usage error.
        (["eval", "no-such-policy.lua"], "no-such-policy.lua: no such file"),
        (["check", "no-such-policy.lua"], "no-such-policy.lua: no such file"),
        // No command at all.
        ([], "missing command; expected one of eval, select, workdays, overlay, revalidate, gate, replay, override, export, gitops-pause, check, test, lint, new, snapshot, diff, explain, repl, import, holidays, bundle, completion"),
    ]

    @Test(arguments: refusals) func refusedWithOneLine(command: [String], line: String) throws {
        try expectUsageError(command, line)
    }

    @Test func directoryAsPolicyIsAUsageError() throws {
        let files = try TemporaryFiles()
        let directory = try files.makeDirectory("policies.lua")
        try expectUsageError(["eval", directory], "\(directory): is a directory; expected a policy file")
    }

    @Test func unreadablePolicyIsAUsageErrorWhenNotRoot() throws {
        let files = try TemporaryFiles()
        let path = try files.write("secret.lua", "function canSelect() return true end\n")
        chmod(path, 0)
        if getuid() == 0 {
            // Root reads any file, so the permission check must not get in the way.
            let result = try CalpolicyBinary.run(["eval", path])
            #expect(!result.stderr.contains("cannot read"))
        } else {
            try expectUsageError(["eval", path], "\(path): cannot read: permission denied")
        }
    }
}

/// Files that exist but hold no policy: exit 3, one line naming the file.
@Suite struct PolicyFileEndToEndTests {
    func expectPolicyFileError(_ name: String, _ contents: Data, _ problem: String,
                               sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try TemporaryFiles()
        let path = try files.write(name, contents)
        for command in [["eval", path], ["check", path], ["select", path, "--mode", "single", "--tap", "2026-12-01"]] {
            let result = try CalpolicyBinary.run(command)
            #expect(result.status == 3, "\(command)", sourceLocation: sourceLocation)
            #expect(result.stderr == "calpolicy: \(path): \(problem)\n", sourceLocation: sourceLocation)
            #expect(!result.signalled, sourceLocation: sourceLocation)
        }
    }

    @Test func emptyFile() throws {
        try expectPolicyFileError("empty.lua", Data(), "empty file; expected a Lua policy")
        try expectPolicyFileError("blank.lua", Data(" \n\t\n".utf8), "empty file; expected a Lua policy")
    }

    @Test func binaryFile() throws {
        try expectPolicyFileError("nul.lua", Data([0x2D, 0x2D, 0x00, 0x41]), "binary file; expected Lua source text")
        try expectPolicyFileError("bytecode.lua", Data([0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00]),
                                  "binary file; expected Lua source text")
    }
}
