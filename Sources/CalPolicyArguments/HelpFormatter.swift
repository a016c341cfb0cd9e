import CalPolicyRequests
import CalendarCore

/// Renders `--help` text from the same specs the scanner uses.
public enum HelpFormatter {
    public static func help(for spec: CommandSpec) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n\n"
        text += "USAGE: \(spec.program)\(spec.positionalUsage.isEmpty ? "" : " " + spec.positionalUsage) [options]\n\nOPTIONS:\n"
        let width = (spec.options.map { label(for: $0).count }.max() ?? 0) + 2
        for option in spec.options {
            text += "  " + label(for: option).padding(toWidth: width) + option.help + "\n"
        }
        text += "\n" + spec.discussion + "\n"
        if spec.options.contains(OptionCatalogue.calendar) {
            text += "\nCALENDARS: " + CalendarIdentifier.allCases.map(\.rawValue).joined(separator: ", ") + "\n"
        }
        return text
    }

    private static func label(for option: OptionSpec) -> String {
        let short = option.short.map { "-\($0), " } ?? ""
        return short + option.display
    }
}

extension String {
    public func padding(toWidth width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
