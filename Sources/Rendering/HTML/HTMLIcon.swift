/// The small inline SVG icon set for `image` decorations. A policy names an image (an SF
/// Symbol name in the seeds: `banknote`, `star.fill`); the part before the first dot picks an
/// icon here, and a name with no icon is drawn as a dot.
public enum HTMLIcon: String, CaseIterable, Sendable {
    case star, heart, flag, gift, bell, banknote, sun, moon, check, calendar, briefcase

    /// The icon for a decoration's image name, or nil (draw a dot).
    public init?(imageName: String?) {
        guard let imageName else { return nil }
        let stem = String(imageName.lowercased().prefix { $0 != "." })
        switch stem {
        case "checkmark": self = .check
        case "dollarsign", "creditcard": self = .banknote
        default:
            guard let icon = HTMLIcon(rawValue: stem) else { return nil }
            self = icon
        }
    }

    /// The id of its `<symbol>` in the page.
    public var id: String { "i-" + rawValue }

    /// One 16×16 path, filled with the current colour (even-odd for holes).
    public var path: String {
        switch self {
        case .star: return "M8 1l2.1 4.3 4.7.7-3.4 3.3.8 4.7L8 11.8 3.8 14l.8-4.7L1.2 6l4.7-.7z"
        case .heart: return "M8 14S2 10.2 2 6a3.3 3.3 0 0 1 6-1.9A3.3 3.3 0 0 1 14 6c0 4.2-6 8-6 8z"
        case .flag: return "M3 1h1.5v14H3zM5 2h8l-2 3 2 3H5z"
        case .gift: return "M2 5h5v3H2zM9 5h5v3H9zM3 9h4v6H3zM9 9h4v6H9zM8 5L5.5 2.2 6.8 1.6 8 3.4 9.2 1.6l1.3.6z"
        case .bell:
            return "M8 1a1 1 0 0 1 1 1v.6A4.5 4.5 0 0 1 12.5 7v4l1.5 1.5V13H2v-.5L3.5 11V7A4.5 4.5 0 0 1 7 2.6V2a1 1 0 0 1 1-1zM6.5 14h3a1.5 1.5 0 0 1-3 0z"
        case .banknote: return "M1 4h14v8H1zM8 6a2 2 0 1 0 0 4 2 2 0 0 0 0-4z"
        case .sun: return "M8 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM7.3 0h1.4v3H7.3zM7.3 13h1.4v3H7.3zM0 7.3h3v1.4H0zM13 7.3h3v1.4h-3z"
        case .moon: return "M11 1.5A6.5 6.5 0 1 0 14.5 11 5 5 0 0 1 11 1.5z"
        case .check: return "M2 8.5l1.4-1.4 3.1 3.1L12.6 4 14 5.4l-7.5 7.5z"
        case .calendar: return "M2 3h12v11H2zM3.5 6v6.5h9V6zM4 1h1.5v3H4zM10.5 1H12v3h-1.5z"
        case .briefcase: return "M1 5h14v9H1zM5.5 2h5v3H9V3.5H7V5H5.5z"
        }
    }

    /// The hidden `<svg>` holding the symbols of `icons` (nothing when there are none), put once
    /// at the top of a page so every use is a `<use href="#i-…">`: no request leaves the page.
    static func symbols(_ icons: Set<HTMLIcon>) -> String {
        guard !icons.isEmpty else { return "" }
        var out = "<svg class=\"symbols\" aria-hidden=\"true\" focusable=\"false\" width=\"0\" height=\"0\"><defs>\n"
        for icon in HTMLIcon.allCases where icons.contains(icon) {
            out += "<symbol id=\"\(icon.id)\" viewBox=\"0 0 16 16\"><path fill-rule=\"evenodd\" d=\"\(icon.path)\"/></symbol>\n"
        }
        return out + "</defs></svg>\n"
    }
}
