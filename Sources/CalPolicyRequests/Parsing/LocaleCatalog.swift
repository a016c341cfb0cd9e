import CalendarData
import Foundation
import PolicyEngine

/// The locales Foundation knows, for accepting `--locale` as ICU would read it and refusing a
/// mistyped one with close matches.
public enum LocaleCatalog {
    public static let identifiers: Set<String> = Set(Locale.availableIdentifiers)

    /// The locales a picker offers in its menu (the served page's list); each resolves.
    public static let pickerMenu = ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR", "ru_RU",
                                    "ja_JP", "ko_KR", "zh_CN", "he_IL", "ar_SA", "fa_IR"]

    /// The identifier Foundation knows that `text` (keywords already removed, `_` or `-`
    /// between parts) stands for, or nil. `Locale.availableIdentifiers` lists each locale in one
    /// spelling only (`zh_Hans_CN`, not `zh_CN`), while ICU reads the short forms through its
    /// likely subtags, as `LANG=zh_CN.UTF-8` does: so a name counts as known when it, its
    /// canonical form, its likely-subtags maximization (`zh_CN` → `zh_Hans_CN`, `sr_RS` →
    /// `sr_Cyrl_RS`) or that maximization without its script (`en-Latn-US` → `en_US`) is listed.
    public static func resolve(_ text: String) -> String? {
        func underscored(_ name: String) -> String { name.replacingOccurrences(of: "-", with: "_") }
        let base = underscored(text)
        if identifiers.contains(base) { return base }
        let canonical = underscored(Locale.canonicalIdentifier(from: base))
        if identifiers.contains(canonical) { return canonical }
        let language = Locale.Language(identifier: canonical)
        // Maximization invents nothing for a language ICU does not know: `xx_YY` stays `xx-YY`.
        guard let code = language.languageCode?.identifier, identifiers.contains(code)
                || identifiers.contains(where: { $0.hasPrefix(code + "_") }) else { return nil }
        let maximal = underscored(language.maximalIdentifier)
        if identifiers.contains(maximal) { return maximal }
        if let script = language.script?.identifier ?? Locale.Language(identifier: maximal).script?.identifier {
            let withoutScript = maximal.replacingOccurrences(of: "_" + script, with: "")
            if identifiers.contains(withoutScript) { return withoutScript }
        }
        return nil
    }

    /// Up to three known identifiers nearest to `text`: the same language with another
    /// region first, then the closest spellings.
    public static func nearest(to text: String) -> [String] {
        // No identifier is anywhere near this long: nothing to compare (the bound of `Suggestion`).
        guard text.utf8.count <= Suggestion.maxWordLength else { return [] }
        let language = String(text.prefix { $0 != "_" }).lowercased()
        let sameLanguage = identifiers.filter { $0.lowercased().hasPrefix(language + "_") || $0.lowercased() == language }
            .sorted()
        if !sameLanguage.isEmpty { return Array(sameLanguage.prefix(3)) }
        // Every identifier within the limit, nearest first: one bounded comparison each.
        let lowered = text.lowercased(), limit = max(2, text.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for name in identifiers {
            if let distance = Suggestion.distance(lowered, name.lowercased(), atMost: limit) {
                scored.append((name, distance))
            }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(3).map { $0.name }
    }
}
