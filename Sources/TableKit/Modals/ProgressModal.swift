/// A progress sheet with Cancel, over work that runs elsewhere.
///
/// The presenter shows it only once the work has taken longer than half a second, so quick
/// work never flashes a sheet, and takes it down when the work's result arrives as an event,
/// by answering ``ScreenResponse/dismiss(_:)`` with it. The sheet asks the work nothing: its
/// ticks only move the bar.
@MainActor
public final class ProgressModal: Modal {
    /// How long work may run before a progress sheet appears.
    public static let delay: Duration = .milliseconds(500)

    private let title: String
    private let progress: () -> Double?
    private let onCancel: @MainActor () -> Void
    private var phase = 0

    /// Creates a sheet titled `title`, showing `progress` (nil: indeterminate) as it is drawn;
    /// Esc or a click on Cancel calls `onCancel` after it closes.
    package init(title: String, progress: @escaping () -> Double?, onCancel: @escaping @MainActor () -> Void) {
        self.title = title
        self.progress = progress
        self.onCancel = onCancel
    }

    private var sheet: ProgressSheet {
        ProgressSheet(title: title, progress: ProgressBar(fraction: progress()))
    }

    /// Draws the sheet centred in `area`.
    public func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        sheet.render(into: &canvas, area: area, context: context, phase: phase)
    }

    /// Ticks move the bar; Esc or a click on Cancel cancels; everything else is swallowed.
    public func handle(_ event: Event, area: Rect) -> ModalResponse {
        switch event {
        case .tick:
            phase += 1
            return .handled
        case .key(let key) where Self.keyBindings.action(for: key) != nil:
            return .dismiss(then: onCancel)
        case .mouse(let mouse):
            mouseArea = area
            return gestures.handle(mouse, now: .now) ?? .handled
        default:
            return .handled
        }
    }

    /// The area of the mouse report in hand.
    private var mouseArea = Rect(origin: .zero, size: .zero)
    /// The sheet's mouse: a press on Cancel cancels.
    private lazy var gestures: AreaGestures<ModalResponse> = {
        let gestures = AreaGestures<ModalResponse>()
        gestures.addButton(receives: { [unowned self] point in sheet.cancelButtonRect(in: mouseArea).contains(point) },
                           action: { [unowned self] _ in .dismiss(then: onCancel) })
        return gestures
    }()

    /// The sheet's one key, as data: its Cancel button's.
    static let keyBindings: [KeyBinding<Void>] = [
        KeyBinding([ProgressSheet.cancelButton.key].compactMap { $0 }, (), label: "Esc", help: "cancel", footer: "cancel"),
    ]

    /// Esc cancels.
    public var keyHints: [KeyHint] { Self.keyBindings.footerHints() }

    /// The bar moves while the sheet is up.
    public var wantsTicks: Bool { true }
}
