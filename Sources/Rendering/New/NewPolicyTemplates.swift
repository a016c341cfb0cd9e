/// The starting policies `calpolicy new` writes, each with its test file (New/Templates, embedded
/// by Package.swift): a freeze (`closed` windows; in Lua `cal.windows`), working hours (`weekly`
/// windows; in Lua `hoursFor`) and public holidays (`holidays`; in Lua `cal.holidays`). The
/// policy is declarative YAML unless Lua is asked for; the test file is Lua either way (the same
/// tests, naming the policy file). The command picks the dates (from today), so the tests pass the
/// day they are written; the templates hold the YAML and the Lua.
public enum NewPolicyTemplates {
    /// Where the written YAML's modeline points editors: the schema's `$id`
    /// (docs/schema/policy.schema.json), the one name valid wherever the file is written.
    public static let schemaURL = "https://calpolicy.dev/schema/policy.schema.json"

    /// The policy's and its test's text for `kind` ("freeze", "hours", "holidays"), marks filled
    /// from `values` (each a plain string, written as a Lua string literal or a YAML quoted scalar).
    public static func render(kind: String, lua: Bool, values: [String: String])
        throws(LuaTemplateError) -> (policy: String, test: String) {
        let policy: LuaTemplate, yaml: YAMLTemplate, test: LuaTemplate
        switch kind {
        case "freeze": (policy, yaml, test) = (.freeze, .freeze, .freezeTest)
        case "hours": (policy, yaml, test) = (.hours, .hours, .hoursTest)
        default: (policy, yaml, test) = (.holidays, .holidays, .holidaysTest)
        }
        var values = values
        values["schema"] = schemaURL
        return (lua ? try policy.render(values) : try yaml.render(values), try test.render(values))
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

extension YAMLTemplate {
    static let freeze = YAMLTemplate(name: "freeze.yaml", bytes: PackageResources.freeze_yaml)
    static let hours = YAMLTemplate(name: "hours.yaml", bytes: PackageResources.hours_yaml)
    static let holidays = YAMLTemplate(name: "holidays.yaml", bytes: PackageResources.holidays_yaml)
}
