/// The templates `calpolicy import` writes its policy from and probes the file with
/// (ICS/Templates, embedded by Package.swift): one per form of policy, and the probe.
extension LuaTemplate {
    /// Every event denies or decorates its days whole.
    static let importedDays = LuaTemplate(name: "imported_days.lua", bytes: PackageResources.imported_days_lua)
    /// Timed events in one zone close their hours; all-day events deny or decorate their days.
    static let importedHours = LuaTemplate(name: "imported_hours.lua", bytes: PackageResources.imported_hours_lua)
    static let zoneProbe = LuaTemplate(name: "zone_probe.lua", bytes: PackageResources.zone_probe_lua)
}
