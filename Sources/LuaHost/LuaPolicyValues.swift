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

/// Which policy functions `callDays` runs for a day (in the shim's order, whatever the order here).
public struct LuaDayRequest: Hashable, Sendable {
    public var canSelect: Bool
    public var canDeselect: Bool
    public var decorationFor: Bool

    public init(canSelect: Bool, canDeselect: Bool, decorationFor: Bool) {
        self.canSelect = canSelect
        self.canDeselect = canDeselect
        self.decorationFor = decorationFor
    }

    public func contains(_ slot: LuaFunctionSlot) -> Bool {
        switch slot {
        case .canSelect: canSelect
        case .canDeselect: canDeselect
        case .decorationFor: decorationFor
        }
    }
}

/// canSelect's or canDeselect's answer, types already checked by the shim.
public struct LuaVerdict: Hashable, Sendable {
    public var allowed: Bool
    public var reason: String?
}

/// What `callDays` brought back for a day; nil for a function that was not called
/// (and for a decorationFor that returned nil).
public struct LuaDayAnswers: Hashable, Sendable {
    public var select: LuaVerdict?
    public var deselect: LuaVerdict?
    public var decoration: LuaDecoration?

    public init(select: LuaVerdict? = nil, deselect: LuaVerdict? = nil, decoration: LuaDecoration? = nil) {
        self.select = select
        self.deselect = deselect
        self.decoration = decoration
    }
}

/// A `callDays` call that failed: which function, and why. Nothing after it ran.
public struct LuaCallFailure: Error, Sendable {
    public var slot: LuaFunctionSlot
    public var error: LuaError

    public init(slot: LuaFunctionSlot, error: LuaError) {
        self.slot = slot
        self.error = error
    }
}
