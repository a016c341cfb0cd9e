/// The policy functions a state may hold, in the shim's order.
public enum LuaFunctionSlot: Int, CaseIterable, Sendable {
    case canSelect = 0, canDeselect = 1, decorationFor = 2

    public var name: String {
        switch self {
        case .canSelect: "canSelect"
        case .canDeselect: "canDeselect"
        case .decorationFor: "decorationFor"
        }
    }
}

/// What a loaded chunk offers.
public struct LuaChunkInfo: Hashable, Sendable {
    public var functions: Set<LuaFunctionSlot>
    /// Line where each present function is defined.
    public var lines: [LuaFunctionSlot: Int]
    public var name: String?
    public var description: String?
    public var version: String?
}

/// A decoration as a policy returned it, already validated by the shim.
public struct LuaDecoration: Hashable, Sendable {
    public enum Kind: Int, Sendable { case `default` = 0, image = 1, custom = 2 }
    public enum Size: Int, Sendable { case small = 0, medium = 1, large = 2 }

    public var kind: Kind
    public var label: String?
    public var color: String?
    public var image: String?
    public var size: Size?
}
