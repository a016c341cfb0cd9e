import Foundation

/// One shared instance per calendar system, so every grid, period and policy reuses
/// the same year caches.
public enum CalendarSystems {
    /// Each system is built the first time it is asked for, not all at start-up: the
    /// lunar ones compute year tables through ICU's astronomy, which took about half
    /// the instructions of a one-month `calpolicy eval` that never showed them.
    /// Each system is immutable apart from its internal, lock-protected cache.
    /// Behind an `NSLock` (a pthread mutex), which ThreadSanitizer sees, unlike `Mutex`'s futex.
    private static let built = BuiltSystems()

    public static func system(for identifier: CalendarIdentifier) -> any CalendarSystem {
        built.lock.lock()
        defer { built.lock.unlock() }
        if let system = built.systems[identifier] { return system }
        let system = make(identifier)
        built.systems[identifier] = system
        return system
    }

    private final class BuiltSystems: @unchecked Sendable {
        let lock = NSLock()
        var systems: [CalendarIdentifier: any CalendarSystem] = [:]
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
