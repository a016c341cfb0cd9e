import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `calpolicy test`: the shipped suite, a deliberate failure, filters, JUnit, coverage, exit codes.
@Suite struct TestCommandEndToEndTests {
    @Test func shippedPoliciesPassTheirTestsAndSnapshots() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.shippedPolicies])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let summary = RegressionFixtures.lastLine(result.stdout)
        let counts = summary.split(separator: " ")
        #expect(counts.count == 4 && counts[1] == "passed," && counts[3] == "failed")
        #expect((Int(counts.first ?? "") ?? 0) >= 70, "\(summary)")
        #expect(summary.hasSuffix(" 0 failed"))
        #expect(result.stderr.isEmpty)
    }

    @Test func deliberateFailureIsOneLineWithFileLineExpectedAndActual() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.failing])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first == RegressionFixtures.failing + "/closed-days_test.lua:11: test 'deliberate failure: "
            + "a Monday is not closed': expected 2026-03-02 denied with a reason containing 'closed', got selectable")
        #expect(lines.last == "1 passed, 1 failed")
        #expect(!result.signalled)
    }

    @Test func verboseListsPassingTests() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--verbose"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("ok " + RegressionFixtures.failing + "/closed-days_test.lua:4: sundays are closed"))
        #expect(RegressionFixtures.lastLine(result.stdout) == "1 passed, 1 failed")
    }

    @Test func runFilterSelectsTestsByName() throws {
        let passing = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--run", "sundays"])
        #expect(passing.status == 0)
        #expect(passing.stdout == "1 passed, 0 failed\n")
        let failing = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--run", "deliberate"])
        #expect(failing.status == 1)
        #expect(RegressionFixtures.lastLine(failing.stdout) == "0 passed, 1 failed")
    }

    @Test func junitOutputIsWellFormedXMLWithOneFailure() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--format", "junit"])
        #expect(result.status == 1)
        let counter = JUnitCounter()
        let parser = XMLParser(data: Data(result.stdout.utf8))
        parser.delegate = counter
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.testcases == ["sundays are closed", "deliberate failure: a Monday is not closed"])
        #expect(counter.failures == 1)
        #expect(counter.suiteAttributes["tests"] == "2")
        #expect(counter.suiteAttributes["failures"] == "1")
    }

    @Test func junitToFileKeepsTheTextSummaryOnStdout() throws {
        let files = try TemporaryFiles()
        let out = files.directory.appendingPathComponent("report.xml").path
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--format", "junit", "--out", out])
        #expect(result.status == 1)
        #expect(RegressionFixtures.lastLine(result.stdout) == "1 passed, 1 failed")
        let xml = try RegressionFixtures.read(out)
        #expect(xml.hasPrefix("<?xml"))
        #expect(xml.contains("<failure "))
    }

    @Test func coverageNamesEachPolicyWithLinesRun() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--coverage"])
        #expect(result.status == 1)
        let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("coverage ") }.map(String.init) ?? ""
        #expect(line.hasPrefix("coverage " + RegressionFixtures.failing + "/closed-days.lua: "))
        #expect(line.contains(" lines ran ("))
        // The tests never reach a day where decorationFor falls through to `return nil`.
        #expect(result.stdout.contains("rules that never decided a day: lines 12"))
    }

    @Test func aPolicyThatCannotLoadExitsThreeWithOneLine() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.broken])
        #expect(result.status == 3)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.hasPrefix("calpolicy: " + RegressionFixtures.broken + "/syntax-error.lua:3: ") == true)
    }

    @Test func aMissingPathIsAUsageError() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.root + "/no-such-dir"])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderrLines.first?.contains("no-such-dir") == true)
    }

    @Test func aFolderWithoutTestsIsAUsageErrorNotAQuietPass() throws {
        let files = try TemporaryFiles()
        let result = try CalpolicyBinary.run(["test", files.directory.path])
        #expect(result.status == 2)
        #expect(result.stderrLines == ["calpolicy: \(files.directory.path): no test files ('*_test.lua') or snapshots found"])
        #expect(result.stdout.isEmpty)
    }

    @Test func aBadFormatIsAUsageError() throws {
        let result = try CalpolicyBinary.run(["test", RegressionFixtures.failing, "--format", "xml"])
        #expect(result.status == 2)
        #expect(result.stderrLines.first?.contains("'xml'") == true)
    }
}

/// Counts `<testcase>` and `<failure>` elements.
final class JUnitCounter: NSObject, XMLParserDelegate {
    var testcases: [String] = []
    var failures = 0
    var suiteAttributes: [String: String] = [:]

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        switch elementName {
        case "testcase": testcases.append(attributeDict["name"] ?? "")
        case "failure": failures += 1
        case "testsuite": suiteAttributes = attributeDict
        default: break
        }
    }
}
