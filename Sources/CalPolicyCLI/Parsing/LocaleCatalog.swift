import Foundation
import PolicyEngine

/// The locales Foundation knows, for refusing a mistyped `--locale` with close matches.
enum LocaleCatalog {
    static let identifiers: Set<String> = Set(Locale.availableIdentifiers)

    /// Up to three known identifiers nearest to `text`: the same language with another
    /// region first, then the closest spellings.
    static func nearest(to text: String) -> [String] {
        let language = String(text.prefix { $0 != "_" }).lowercased()
        let sameLanguage = identifiers.filter { $0.lowercased().hasPrefix(language + "_") || $0.lowercased() == language }
            .sorted()
        if !sameLanguage.isEmpty { return Array(sameLanguage.prefix(3)) }
        let lowered = text.lowercased()
        let limit = max(2, text.count / 3)
        var scored: [(name: String, distance: Int)] = []
        for name in identifiers {
            let distance = Suggestion.editDistance(lowered, name.lowercased())
            if distance <= limit { scored.append((name, distance)) }
        }
        scored.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        return scored.prefix(3).map { $0.name }
    }
}
