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
