/// Plain data the engine hands a policy state as one table, built from typed values (never
/// from text): strings, whole numbers, booleans, lists and string-keyed tables in key order.
public indirect enum DataTree: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case list([DataTree])
    case table([(String, DataTree)])

    public static func == (lhs: DataTree, rhs: DataTree) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.boolean(a), .boolean(b)): a == b
        case let (.list(a), .list(b)): a == b
        case let (.table(a), .table(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}
