import LuaHost

/// What becomes of a policy's `print`: called with the policy's file name and the printed
/// text as it is (arguments joined by tabs; controls and all). The engine writes nothing
/// itself and never to stdout; the CLI escapes the text onto one stderr line with `--verbose`.
public typealias PolicyPrint = @Sendable (_ file: String, _ text: String) -> Void

extension LuaPolicyOptions {
    /// The state's print handler for the policy file `file`; nil drops `print` unread.
    func printHandler(file: String) -> LuaPrint? {
        guard let print else { return nil }
        return { text in print(file, text) }
    }
}
