/// Every calendar system calpolicy can display, by its stable lowercase CLI name.
public enum CalendarIdentifier: String, CaseIterable, Hashable, Sendable, Codable {
    case gregorian
    case iso8601
    case buddhist
    case chinese
    case coptic
    case ethiopicAmeteMihret = "ethiopic-amete-mihret"
    case ethiopicAmeteAlem = "ethiopic-amete-alem"
    case hebrew
    case indian
    case islamic
    case islamicCivil = "islamic-civil"
    case islamicTabular = "islamic-tabular"
    case islamicUmmAlQura = "islamic-umm-al-qura"
    case japanese
    case persian
    case republicOfChina = "republic-of-china"
}

extension CalendarIdentifier {
    /// Other names people write for a calendar — Foundation's and ICU's identifiers — so a
    /// name copied from either works wherever a calendar is named (CLI, `cal.convert`).
    public static let aliases: [String: CalendarIdentifier] = [
        "islamic-umalqura": .islamicUmmAlQura,
        "islamic-tbla": .islamicTabular,
        "roc": .republicOfChina,
        "ethioaa": .ethiopicAmeteAlem,
        "ethiopic": .ethiopicAmeteMihret,
    ]

    /// The calendar a name or an alias stands for.
    public init?(name: String) {
        guard let identifier = CalendarIdentifier(rawValue: name) ?? CalendarIdentifier.aliases[name] else { return nil }
        self = identifier
    }
}
