import PackagePlugin

/// Compiles the target's `Prelude/cal.lua` to Lua bytecode on every build that changes it,
/// so the bytecode PolicyEngine ships can never drift from the text it also ships.
@main
struct PreludeBytecode: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // cal.lua is one of the target's files (an embedded resource); none, no command.
        guard let module = target as? SourceModuleTarget,
              let input = module.sourceFiles.first(where: { $0.url.lastPathComponent == "cal.lua" })?.url
        else { return [] }
        let output = context.pluginWorkDirectoryURL.appending(path: "CalPreludeBytecode.swift")
        return [
            .buildCommand(
                displayName: "Compiling the cal prelude to Lua bytecode",
                executable: try context.tool(named: "PreludeCompiler").url,
                // The chunk name must match the one the engine loads the text with.
                arguments: [input.path, output.path, "=cal"],
                inputFiles: [input],
                outputFiles: [output]
            ),
        ]
    }
}
