import Glibc

/// `calpolicy serve ARGS`: the server is its own dynamically linked executable
/// (`calpolicy-serve`), so the CLI stays fully static. It is looked for next to this
/// binary, then on PATH, and replaces this process.
enum ServeLauncher {
    static let executable = "calpolicy-serve"
    /// The command's name and the line top-level help shows for it.
    static let name = "serve"
    static let abstract = "Answer policy questions over HTTP (JSON API v1; see docs/http-api.md)."

    /// Returns only when no server could be started (with the exit code).
    static func exec(_ arguments: [String], console: Console) -> Int32 {
        let argv = [executable] + arguments
        var candidates: [String] = []
        if let self_ = selfPath() {
            let directory = self_.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            candidates.append((directory.isEmpty ? "." : directory) + "/" + executable)
        }
        for candidate in candidates where access(candidate, X_OK) == 0 {
            console.flush()
            run(candidate, argv, search: false)
        }
        console.flush()
        run(executable, argv, search: true)
        console.error(ErrorRenderer.line("serve: '\(executable)' not found next to '\(selfPath() ?? "calpolicy")' or on PATH; build it with 'swift build --product \(executable)'"))
        return ExitCode.usage
    }

    private static func selfPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func run(_ path: String, _ argv: [String], search: Bool) {
        var cArguments = argv.map { strdup($0) }
        cArguments.append(nil)
        if search { execvp(path, &cArguments) } else { execv(path, &cArguments) }
        for pointer in cArguments { free(pointer) }
    }
}
