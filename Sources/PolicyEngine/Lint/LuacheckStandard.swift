/// luacheck's standard for policies, made from what the editor annotations are made from, so
/// the two never disagree: the `cal` functions annotated in the prelude (`---` above
/// `function cal.NAME(` in Prelude/cal.lua, the text the build embeds), the native ones
/// annotated in policies/.types/calpolicy.lua (`natives`), and the policy contract's keys as the
/// globals a global-style policy may set. `LuacheckStandardTests` holds these to the `cal` table
/// a loaded policy sees. Passed as options (`--read-globals cal.NAME`), so no config file is
/// written and a `.luacheckrc` lying around is not read.
public enum LuacheckStandard {
    /// `cal` functions the bridge installs in C (cpb_holidays.c, cpb_ics.c): annotated in
    /// policies/.types/calpolicy.lua, which the build does not embed.
    public static let natives = ["holidays", "ics", "weekend"]

    /// Every field of `cal` a policy may read, sorted.
    public static let calFields: [String] = Array(Set(annotated(String(decoding: CalPrelude.source, as: UTF8.self)))
        .union(natives)).sorted()

    /// The names of `function cal.NAME(` lines right below a `---` line of `text`, of the
    /// constants a `cal.NAME, ... = ...` line sets, and of the weekday rules `shipped("NAME", ...)` sets.
    public static func annotated(_ text: String) -> [String] {
        var names: [String] = []
        var previous = Substring("")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("function cal."), previous.hasPrefix("---"), let open = line.firstIndex(of: "(") {
                names.append(String(line[line.index(line.startIndex, offsetBy: 13)..<open]))
            } else if line.hasPrefix("shipped(\""), let close = line.dropFirst(9).firstIndex(of: "\"") {
                // The shipped weekday rules: `shipped("NEXT_WORKDAY", {...})` sets cal.NEXT_WORKDAY.
                names.append(String(line[line.index(line.startIndex, offsetBy: 9)..<close]))
            } else if line.hasPrefix("cal."), let equals = line.range(of: " = ") {
                // Constants: `cal.SUNDAY, cal.MONDAY = 1, 2`.
                for target in line[..<equals.lowerBound].split(separator: ",") {
                    let name = target.drop { $0 == " " }
                    if name.hasPrefix("cal.") { names.append(String(name.dropFirst(4))) }
                }
            }
            previous = line
        }
        return names
    }

    /// luacheck's options before the file names: Lua 5.4's standard library, the contract's
    /// keys as settable globals, `cal`'s fields read-only; unused arguments are no finding (a
    /// policy function's signature is fixed: `canSelect(day, selection, context)`), nor long lines.
    public static var arguments: [String] {
        ["--no-config", "--no-color", "--codes", "--formatter", "plain", "--std", "lua54", "--no-unused-args",
         "--no-max-line-length",
         "--globals"] + PolicyContract.keys + ["--read-globals"] + calFields.map { "cal." + $0 }
    }
}
