import CalPolicyArguments
import CalPolicyRequests

extension CommandCatalog {
    static let dump = OptionSpec.flag("dump", help: "Every calendar of CC (the country, each subdivision, each category) over its coverage, for oracles.")
    static let holidays = CommandSpec(
        name: "holidays",
        abstract: "List the built-in holiday data: countries, a country's subdivisions, a year's holidays.",
        positionalUsage: "[CC[-SUB][:category+category]]",
        options: [OptionCatalogue.year, dump, help],
        discussion: """
        Without an argument, every country and market (code, name, subdivisions, categories,
        languages, coverage). With CC, its subdivisions, categories and coverage. With --year,
        that year's holidays of CC[-SUB] (default categories, or those named after ':'). The
        same CC[-SUB][:category+category] works as a policy: calpolicy eval holidays:DE-BE. --dump
        prints, for each calendar of CC, its coverage and every holiday as the policy answers it
        (WHERE, date, category, selectable, reason or label), one process for a whole country.
        """
    )
}
