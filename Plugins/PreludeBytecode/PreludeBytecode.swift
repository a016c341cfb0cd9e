import PackagePlugin

/// Compiles the Lua files PolicyEngine ships to Lua bytecode on every build that changes
/// one, so the bytecode the engine ships can never drift from the text it also ships.
@main
struct PreludeBytecode: BuildToolPlugin {
    /// A Lua file of the target and how it is compiled.
    struct Chunk {
        let file: String
        /// The name the engine loads the text with: the dump keeps it, and the engine takes
        /// only a dump carrying it, so messages and tracebacks name the chunk the same way
        /// whichever form ran.
        let chunkName: String
        /// The Swift type the generated `bytecode` extends.
        let type: String
        /// The `cal` prelude, loaded by every policy: its dump drops the names of locals and is
        /// split into lazy sections. The others are compiled whole.
        var prelude = false
    }

    static let chunks = [
        Chunk(file: "cal.lua", chunkName: "=cal", type: "CalPrelude", prelude: true),
        Chunk(file: "test_harness.lua", chunkName: "=expect", type: "PolicyTestHarness"),
        Chunk(file: "holidays.lua", chunkName: "=cal.holidays", type: "HolidayLuaLibrary"),
        Chunk(file: "ics.lua", chunkName: "=cal.ics", type: "IcsLuaLibrary"),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The files are the target's own (embedded resources); a target with none, no command.
        guard let module = target as? SourceModuleTarget else { return [] }
        let tool = try context.tool(named: "PreludeCompiler").url
        // The probe the compiler surveys before it splits cal.lua: the compiler's own file (kept
        // out of its target, so found by path).
        let probe = context.package.directoryURL.appending(path: "Sources/PreludeCompiler/survey_probe.lua")
        return Self.chunks.compactMap { chunk in
            guard let input = module.sourceFiles.first(where: { $0.url.lastPathComponent == chunk.file })?.url
            else { return nil }
            let output = context.pluginWorkDirectoryURL.appending(path: "\(chunk.type)Bytecode.swift")
            var arguments = [input.path, output.path, chunk.chunkName, chunk.type]
            var inputs = [input]
            if chunk.prelude {
                arguments.append(probe.path)
                inputs.append(probe)
            }
            return .buildCommand(
                displayName: "Compiling \(chunk.file) to Lua bytecode",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        }
    }
}
