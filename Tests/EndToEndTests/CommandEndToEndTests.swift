import Foundation
import Testing

/// Commands that need no Lua policy: help, version, built-in policies, output formats.
@Suite struct CommandEndToEndTests {
    @Test func helpForEveryCommandExitsZero() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["eval", "--help"], ["select", "-h"], ["check", "--help"],
                          ["help", "eval"]] {
            let result = try CalpolicyBinary.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.contains("USAGE: calpolicy"), "\(arguments)")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func versionPrintsOneLine() throws {
        let result = try CalpolicyBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("calpolicy "))
        #expect(result.stdout.split(separator: "\n").count == 1)
        // The commit, as the server names it: the checkout this test binary was built in.
        let commit = result.stdout.split(separator: "(").last.map { String($0.dropLast(2)) } ?? ""
        #expect(commit.count == 12 && commit.allSatisfy(\.isHexDigit), "\(result.stdout)")
    }

    @Test func evalTextLooksLikeCal() throws {
        let result = try CalpolicyBinary.run(["eval", "--month", "2026-12", "--today", "2026-12-01"])
        #expect(result.status == 0)
        #expect(result.stdout == """
               December 2026
            Su Mo Tu We Th Fr Sa
                   1  2  3  4  5
             6  7  8  9 10 11 12
            13 14 15 16 17 18 19
            20 21 22 23 24 25 26
            27 28 29 30 31

            """)
    }

    @Test func deniedDaysAreMarkedAndListed() throws {
        let result = try CalpolicyBinary.run(["eval", "--month", "2026-12", "--include", "weekdays",
                                              "--first-weekday", "2", "--week-numbers", "--legend", "full"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "wk Mo Tu We Th Fr Sa Su")
        #expect(lines[2] == "49     1  2  3  4  5! 6!")
        #expect(lines.contains { $0.hasPrefix("! 2026-12-05 Sat") })
        #expect(lines.filter { $0.hasPrefix("! ") }.count == 8)
    }

    @Test func yearShowsThreeMonthsSideBySide() throws {
        let result = try CalpolicyBinary.run(["eval", "--year", "2026", "--locale", "de_DE"])
        #expect(result.status == 0)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("Januar 2026") && first.contains("Februar 2026") && first.contains("März 2026"))
        #expect(result.stdout.contains("Oktober 2026"))
    }

    @Test func csvHasOneRowPerDay() throws {
        let result = try CalpolicyBinary.run(["eval", "--from", "2024-02-27", "--to", "2024-03-02", "--format", "csv",
                                              "--max", "2024-02-29"])
        #expect(result.status == 0)
        let rows = result.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 6)
        #expect(rows[0].hasPrefix("date,year,month,day,weekday,selectable"))
        #expect(rows[3] == "2024-02-29,2024,2,29,5,true,true,,,,,,,,,,,,")
        #expect(rows[4].hasPrefix("2024-03-01,2024,3,1,6,false,true,"))
    }

    @Test func selectReplaysTapsAndExitsOneOnRejection() throws {
        let accepted = try CalpolicyBinary.run(["select", "--mode", "range", "--tap", "2026-12-07",
                                                "--tap", "2026-12-11", "--include", "weekdays", "--format", "json"])
        #expect(accepted.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(accepted.stdout.utf8)) as? [String: Any]
        #expect(object?["mode"] as? String == "range")
        #expect((object?["selection"] as? [String])?.count == 5)
        let taps = object?["taps"] as? [[String: Any]]
        #expect(taps?.count == 2)
        #expect(taps?.allSatisfy { $0["accepted"] as? Bool == true } == true)

        let rejected = try CalpolicyBinary.run(["select", "--mode", "range", "--tap", "2026-12-04",
                                                "--tap", "2026-12-08", "--include", "weekdays"])
        #expect(rejected.status == 1)
        #expect(rejected.stdout.contains("2026-12-08  rejected"))
        #expect(rejected.stderr.isEmpty)
    }

    @Test func closedStdoutDoesNotKillTheProcess() throws {
        // A pipe closed early (`| head`) must not turn into SIGPIPE.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        guard let binary = CalpolicyBinary.url?.path else { throw CalpolicyBinary.BinaryMissing() }
        shell.arguments = ["-c", "'\(binary)' eval --year 2026 --format json | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\""]
        let pipe = Pipe()
        shell.standardOutput = pipe
        try shell.run()
        shell.waitUntilExit()
        let status = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == "0\n")
    }
}
