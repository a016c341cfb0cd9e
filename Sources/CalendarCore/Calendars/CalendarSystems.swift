/// One shared instance per calendar system, so every grid, period and policy reuses
/// the same year caches.
public enum CalendarSystems {
    /// Built once per process; each system is immutable apart from its internal,
    /// lock-protected cache.
    static let all: [CalendarIdentifier: any CalendarSystem] = {
        var systems: [CalendarIdentifier: any CalendarSystem] = [:]
        for id in CalendarIdentifier.allCases {
            systems[id] = make(id)
        }
        return systems
    }()

    public static func system(for identifier: CalendarIdentifier) -> any CalendarSystem {
        all[identifier] ?? make(identifier)
    }

    static func make(_ identifier: CalendarIdentifier) -> any CalendarSystem {
        switch identifier {
        case .gregorian, .iso8601: GregorianCalendarSystem(identifier: identifier)
        case .buddhist: TableCalendarSystem(rules: GregorianVariantRules.buddhist)
        case .republicOfChina: TableCalendarSystem(rules: GregorianVariantRules.minguo)
        case .japanese: JapaneseCalendarSystem()
        case .chinese: TableCalendarSystem(rules: FoundationLunarRules(kind: .chinese))
        case .coptic: TableCalendarSystem(rules: CopticFamilyRules.coptic)
        case .ethiopicAmeteMihret: TableCalendarSystem(rules: CopticFamilyRules.ameteMihret)
        case .ethiopicAmeteAlem: TableCalendarSystem(rules: CopticFamilyRules.ameteAlem)
        case .hebrew: TableCalendarSystem(rules: HebrewRules())
        case .indian: TableCalendarSystem(rules: IndianRules())
        case .islamic: TableCalendarSystem(rules: FoundationLunarRules(kind: .islamic))
        case .islamicCivil: TableCalendarSystem(rules: IslamicArithmeticRules.civil)
        case .islamicTabular: TableCalendarSystem(rules: IslamicArithmeticRules.tabular)
        case .islamicUmmAlQura: TableCalendarSystem(rules: FoundationLunarRules(kind: .ummAlQura))
        case .persian: TableCalendarSystem(rules: PersianRules())
        }
    }
}
