/// How much legend the text calendar prints under the grid (`eval --legend`).
public enum LegendStyle: String, CaseIterable, Sendable {
    /// Runs of consecutive days with the same outcome on one line, plain weekends summarised.
    case short
    /// One line per marked day.
    case full
    /// No legend.
    case none
}
