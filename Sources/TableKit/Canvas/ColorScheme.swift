/// How a whole app is coloured, applied to every frame by ``RootController/colorScheme``:
/// the themes of a Settings screen, applied at once.
package enum ColorScheme: Hashable, Sendable {
    /// The colours views ask for.
    case standard
    /// Quiet greys and blues become the terminal's own foreground, in bold: nothing is faint.
    case highContrast
    /// No colour at all; reverse, bold and underline still mark the focus and the headers.
    case monochrome

    /// `style` as this scheme draws it.
    func apply(to style: Style) -> Style {
        switch self {
        case .standard:
            return style
        case .monochrome:
            return Style(attributes: style.attributes)
        case .highContrast:
            var adapted = style
            adapted.attributes.remove(.dim)
            if style.foreground != .terminalDefault && style.foreground != .destructive {
                adapted.foreground = .terminalDefault
                adapted.attributes.insert(.bold)
            }
            if style.background != .terminalDefault {
                // A band of colour becomes a band of reverse video.
                adapted.background = .terminalDefault
                adapted.foreground = .terminalDefault
                adapted.attributes.insert(.reverse)
            }
            return adapted
        }
    }
}

extension Canvas {
    /// Every cell restyled by `scheme`.
    mutating func apply(_ scheme: ColorScheme) {
        guard scheme != .standard else { return }
        restyle(bounds) { $0 = scheme.apply(to: $0) }
    }
}
