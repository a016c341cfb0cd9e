import CalendarCore

/// How a decoration is drawn on a page: a dot in its colour (`default`, and an image with no
/// icon), a named icon (`image`), or its label (`custom`). A colour that is not a CSS colour
/// (`CSSColor`) is ignored. The marker is decoration only (`aria-hidden`): the day's label says
/// what it means.
enum HTMLDecoration {
    static func marker(_ decoration: Decoration, icons: inout Set<HTMLIcon>) -> String {
        let color = CSSColor.validated(decoration.color)
        let size = decoration.size.map { " " + $0.rawValue } ?? ""
        switch decoration.kind {
        case .image:
            if let icon = HTMLIcon(imageName: decoration.image) {
                icons.insert(icon)
                let style = color.map { " style=\"color:" + $0 + "\"" } ?? ""
                return "<svg class=\"icon" + size + "\"" + style + " aria-hidden=\"true\" focusable=\"false\">"
                    + "<use href=\"#" + icon.id + "\"/></svg>"
            }
            return dot(color: color, size: size)
        case .custom:
            guard let label = decoration.label, !label.isEmpty else { return dot(color: color, size: size) }
            return dot(color: color, size: size) + "<span class=\"custom\" aria-hidden=\"true\">"
                + HTMLText.escape(label) + "</span>"
        case .default:
            return dot(color: color, size: size)
        }
    }

    private static func dot(color: String?, size: String) -> String {
        let style = color.map { " style=\"background-color:" + $0 + "\"" } ?? ""
        return "<span class=\"dot" + size + "\"" + style + " aria-hidden=\"true\"></span>"
    }
}
