import CalendarCore
import Rendering

extension FeedFilter {
    /// The feed's filter from `only`, `policy` and `exclude` (names comma-separated). A name
    /// matching no policy of the stack is refused, naming the policies it could be: a typo
    /// would otherwise give an empty or unfiltered feed that looks like an answer.
    public static func resolve(_ values: RequestValues, policies: [String]) throws(RequestError) -> FeedFilter {
        var filter = FeedFilter()
        filter.only = try values.choice(OptionCatalogue.only)
        filter.policies = try names(values, OptionCatalogue.policy, among: policies)
        filter.excluded = try names(values, OptionCatalogue.exclude, among: policies)
        return filter
    }

    /// Whether the values ask for a filter (only the feed takes one).
    public static func isAsked(_ values: RequestValues) -> Bool {
        OptionCatalogue.feedFilter.contains { values.has($0) }
    }

    static func names(_ values: RequestValues, _ option: OptionSpec,
                      among policies: [String]) throws(RequestError) -> [String] {
        var names: [String] = []
        for value in values.all(option.name) {
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                let name = String(part)
                guard !name.isEmpty else {
                    throw RequestError(option, value: value, reason: "a policy name is empty")
                }
                guard policies.contains(where: { matches(name, policy: $0) }) else {
                    var known = ""
                    for policy in policies {
                        if !known.isEmpty { known += ", " }
                        known += policy
                    }
                    throw RequestError(option, value: value,
                                       reason: "no policy of the stack is named '\(name)'; policies: "
                                           + (known.isEmpty ? "none" : known))
                }
                names.append(name)
            }
        }
        return names
    }
}
