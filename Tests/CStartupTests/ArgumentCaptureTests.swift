import CStartup
import Foundation
import Testing

/// The arguments `CStartup` captures at start are the process's own: the count it saw, and what
/// `CommandLine.arguments` (which now reads them) returns, against the kernel's record of the
/// command line in /proc/self/cmdline.
@Suite struct ArgumentCaptureTests {
    /// /proc/self/cmdline: every argument, each ended by a NUL.
    private func kernelArguments() throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/self/cmdline"))
        var arguments = data.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if arguments.last == "" { arguments.removeLast() }
        return arguments
    }

    @Test func theCaptureRanAndCountedEveryArgument() throws {
        let kernel = try kernelArguments()
        #expect(cst_captured_argument_count() == Int32(kernel.count))
    }

    @Test func commandLineArgumentsAreTheKernelsCommandLine() throws {
        #expect(CommandLine.arguments == (try kernelArguments()))
        #expect(CommandLine.argc == Int32(CommandLine.arguments.count))
    }
}
