import CalendarCore

/// Entry point of the command line: takes argv, returns the exit code.
public enum CLI {
    public static func run(_ arguments: [String]) -> Int32 { 0 }
}
