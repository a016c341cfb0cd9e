/// A mark shown on a day, covering UICalendarView's decoration kinds.
public struct Decoration: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case `default`, image, custom
    }

    public enum Size: String, Hashable, Sendable, Codable, CaseIterable {
        case small, medium, large
    }

    public var kind: Kind
    public var label: String?
    /// A colour name or `#RRGGBB`, passed through as the policy wrote it.
    public var color: String?
    /// An image name (an SF Symbol name in the seed); meaningful for `.image`.
    public var image: String?
    public var size: Size?
    /// For an observed or substitute holiday, the day (`YYYY-MM-DD`) it stands in for; set by the
    /// built-in holiday data, never by a Lua policy. Nil fields stay out of every document.
    public var observedOf: String?
    /// True when the holiday's date is an estimate (python-holidays' lunar and announced dates).
    public var estimated: Bool?

    public init(kind: Kind = .default, label: String? = nil, color: String? = nil,
                image: String? = nil, size: Size? = nil, observedOf: String? = nil, estimated: Bool? = nil) {
        self.kind = kind
        self.label = label
        self.color = color
        self.image = image
        self.size = size
        self.observedOf = observedOf
        self.estimated = estimated
    }
}
