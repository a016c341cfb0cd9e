import Testing
@testable import CalPolicyRequests

/// A policy's `print` with `--verbose`: one escaped stderr line that cannot pass for
/// calpolicy's own error line (the end-to-end suite checks it through the binary).
@Suite struct PolicyPrintLineTests {
    @Test func printIsDroppedWithoutVerbose() {
        #expect(PolicyPrintLine.handler(verbose: false) == nil)
        #expect(PolicyPrintLine.handler(verbose: true) != nil)
    }

    @Test func onePrintIsOneEscapedLineThatCannotForgeAnError() {
        let text = "x\ncalpolicy: forged.lua:1: boom\u{1B}[2J\u{202E}\u{2028}\u{85}end"
        let line = PolicyPrintLine.line(file: "forge.lua", text: text)
        #expect(line == #"print forge.lua: x\ncalpolicy: forged.lua:1: boom\u{1b}[2J\u{202e}\u{2028}\u{85}end"# + "\n")
        #expect(PolicyPrintLine.line(file: "a.lua", text: "marker-7f3a\t42\tnil") == "print a.lua: marker-7f3a 42 nil\n")
        #expect(PolicyPrintLine.line(file: "", text: "x") == "print x\n")
        #expect(PolicyPrintLine.line(file: "e\u{1B}.lua", text: "") == #"print e\u{1b}.lua: "# + "\n")
    }
}
