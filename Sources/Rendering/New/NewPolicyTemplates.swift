/// The starting policies `calpolicy new` writes, each with its test file (New/Templates, embedded
/// by Package.swift): a freeze (`cal.windows`), working hours (`hoursFor`) and public holidays
/// (`cal.holidays`). The command picks the dates (from today), so the tests pass the day they are
/// written; the templates hold the Lua.
public enum NewPolicyTemplates {
    /// The policy's and its test's text for `kind` ("freeze", "hours", "holidays"), marks filled
    /// from `values` (each a plain string, written as a Lua string literal).
    public static func render(kind: String, values: [String: String]) throws(LuaTemplateError) -> (policy: String, test: String) {
        let (policy, test): (LuaTemplate, LuaTemplate)
        switch kind {
        case "freeze": (policy, test) = (.freeze, .freezeTest)
        case "hours": (policy, test) = (.hours, .hoursTest)
        default: (policy, test) = (.holidays, .holidaysTest)
        }
        return (try policy.render(values), try test.render(values))
    }
}

extension LuaTemplate {
    static let freeze = LuaTemplate(name: "freeze.lua", bytes: PackageResources.freeze_lua)
    static let freezeTest = LuaTemplate(name: "freeze_test.lua", bytes: PackageResources.freeze_test_lua)
    static let hours = LuaTemplate(name: "hours.lua", bytes: PackageResources.hours_lua)
    static let hoursTest = LuaTemplate(name: "hours_test.lua", bytes: PackageResources.hours_test_lua)
    static let holidays = LuaTemplate(name: "holidays.lua", bytes: PackageResources.holidays_lua)
    static let holidaysTest = LuaTemplate(name: "holidays_test.lua", bytes: PackageResources.holidays_test_lua)
}
