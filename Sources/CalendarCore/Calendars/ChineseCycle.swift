/// The sexagenary (stem–branch) name of a Chinese year, shown beside the related
/// Gregorian year that calpolicy uses as the Chinese year number.
public enum ChineseCycle {
    static let stems = ["jia", "yi", "bing", "ding", "wu", "ji", "geng", "xin", "ren", "gui"]
    static let branches = ["zi", "chou", "yin", "mao", "chen", "si", "wu", "wei", "shen", "you", "xu", "hai"]

    /// Position 1...60 in the cycle (Foundation's Chinese `year` field); 1984 is 1 (jia-zi).
    public static func cyclicYear(relatedGregorianYear year: Int) -> Int {
        CalendarMath.mod(year - 1984, 60) + 1
    }

    /// Pinyin stem–branch name without tone marks, e.g. "gui-mao" for 2023.
    public static func cyclicName(relatedGregorianYear year: Int) -> String {
        let index = cyclicYear(relatedGregorianYear: year) - 1
        return "\(stems[index % 10])-\(branches[index % 12])"
    }
}
