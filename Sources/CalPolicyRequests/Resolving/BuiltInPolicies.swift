import CalendarCore
import PolicyEngine

/// `include`, `min` and `max` as policies, stacked after the policy files.
public enum BuiltInPolicies {
    public static func resolve(_ values: RequestValues) throws(RequestError) -> [any DayPolicy] {
        var policies: [any DayPolicy] = []
        switch try values.choice(OptionCatalogue.include, as: IncludeChoice.self) {
        case .weekdays?: policies.append(IncludeDaysPolicy(.weekdays))
        case .weekends?: policies.append(IncludeDaysPolicy(.weekends))
        case .all?, nil: break
        }
        let min = try values.value(OptionCatalogue.min).map { text throws(RequestError) in
            try ValueParser.day(text, option: OptionCatalogue.min)
        }
        let max = try values.value(OptionCatalogue.max).map { text throws(RequestError) in
            try ValueParser.day(text, option: OptionCatalogue.max)
        }
        if let min, let max, max < min {
            throw RequestError(OptionCatalogue.max, value: max.iso,
                               because: .text("must not be before "), .mention(OptionCatalogue.min), .text(" \(min.iso)"))
        }
        if min != nil || max != nil { policies.append(BoundsPolicy(min: min, max: max)) }
        return policies
    }
}
