import Foundation
import TableKit

/// What a key does on the photo board.
enum PhotoBoardAction: Hashable, Sendable {
    /// Choose the next (or previous) photo and bring it to the front.
    case choose(forward: Bool)
    /// Move the chosen photo a cell (a pan by its keys).
    case move
    /// Scale it by a step (a pinch by its keys).
    case scale
    /// Turn it by a step (a rotation by its keys).
    case rotate
    /// Zoom it to fit and back (a double tap by its key).
    case zoom
    /// Its facts (a long press by its key).
    case facts
}

/// The Photos tab: a board of prints to drag, fling, pinch and turn, as the seed's gesture
/// tutorial. Every mouse gesture goes through TableKit's recognizers, and each has a key: the
/// recognizers take the keys themselves (``PanGestureRecognizer/keyTranslations`` and the
/// like), at the chosen photo.
///
/// The photos decode off the main actor when the app starts; the board shows once they
/// arrive. The layout is kept in the state file each time a gesture ends.
@MainActor
final class PhotoBoardScreen: Screen {
    let title = "Photos"
    let settings: AppSettings
    /// The glyphs to draw the photos with (half blocks, or the ASCII ramp).
    var glyphs = Glyphs.unicode
    /// Reads the time: gestures and glides run on it; tests pass a clock of their own.
    var now: () -> ContinuousClock.Instant = { .now }
    /// Whether a fling glides (off: it stops where it was let go).
    var animates = true

    private(set) var board: PhotoBoard?
    private(set) var problems: [String] = []
    private var photos: [DecodedPhoto] = []
    private var size = Size(width: 80, height: 20)
    private var hasLaidOut = false
    private var hasPhotos = false
    private let arena = GestureArena()
    /// Whether the gesture in hand came from a key: it acts on the chosen photo.
    private var isKeyGesture = false
    private var statusText: String?

    /// The photo a mouse gesture holds, and where it lay when the gesture began.
    private var dragged: (name: String, start: BitmapPlacement)?
    private var pinchScale = 1.0
    private var rotationAngle = 0.0
    /// A fling's glide under way.
    private var glide: (name: String, motion: Deceleration, start: ContinuousClock.Instant, from: BitmapPlacement)?

    static let keyBindings: [KeyBinding<PhotoBoardAction>] = [
        KeyBinding([.tab], .choose(forward: true), label: "Tab", help: "choose the next photo (brought to the front)", footer: "choose"),
        KeyBinding([.backTab], .choose(forward: false), label: "S-Tab", help: "choose the previous photo"),
        KeyBinding([.left, .right, .up, .down], .move, label: "←→↑↓", help: "move the chosen photo (or drag it; let go moving and it glides)", footer: "move"),
        KeyBinding([.character("+"), .character("="), .character("-")], .scale, label: "+ −", help: "scale it (or Ctrl-wheel): 0.5× to 3×", footer: "scale"),
        KeyBinding([.character("["), .character("]")], .rotate, label: "[ ]", help: "turn it (or Alt-wheel)", footer: "turn"),
        KeyBinding([.character("z")], .zoom, label: "z", help: "zoom it to fit, and back (or double-click)"),
        KeyBinding([.enter], .facts, label: "Enter", help: "its facts: camera, exposure, date, place (or a long press)", footer: "facts"),
    ]

    init(settings: AppSettings, load: @escaping @Sendable () -> PhotoLoad) {
        self.settings = settings
        setUpRecognizers()
        runInBackground(load) { screen, loaded in
            screen.receive(loaded)
            return .handled
        }
    }

    /// The decoded photos arrive (or why they could not). The board is made at the first
    /// layout after both, so that photos nobody has placed spread over the board's real size.
    func receive(_ loaded: PhotoLoad) {
        photos = loaded.photos
        problems = loaded.errors.map(\.description)
        hasPhotos = true
        if hasLaidOut { makeBoard() }
    }

    /// The board as the state has it after an undo or a redo of a photo's move.
    func showSaved() {
        if board != nil { makeBoard() }
    }

    private func makeBoard() {
        let state = settings.state
        board = PhotoBoard(photos: photos, columns: size.width, lines: size.height, saved: state.photoLayout ?? [:], order: state.photoOrder ?? [])
    }

    var keyHelp: [KeyHint] { Self.keyBindings.helpHints() }
    var keyHints: [KeyHint] { Self.keyBindings.footerHints() }
    var statusMessage: String? { statusText }
    var wantsTicks: Bool { glide != nil }

    func layout(for size: Size) {
        self.size = size
        hasLaidOut = true
        if board == nil, hasPhotos { makeBoard() }
        board?.resize(columns: size.width, lines: size.height)
    }

    func viewDidDisappear() {
        arena.cancelAllGestures()
        finishGlide()
    }

    func render(into canvas: inout Canvas, area: Rect, context: RenderContext) {
        guard let board else {
            canvas.draw("Developing the photos…", at: Point(x: area.minX + 1, y: area.minY), style: Theme.secondaryText, clip: area)
            return
        }
        guard !board.items.isEmpty else {
            let lines = ["No photos to show."] + problems
            for (offset, line) in lines.enumerated() {
                canvas.draw(line, at: Point(x: area.minX + 1, y: area.minY + offset), style: Theme.secondaryText, clip: area)
            }
            return
        }
        canvas.drawHalfBlocks(board.composed(showsChoice: context.isActive), at: area.origin, clip: area, glyphs: context.glyphs, colorDepth: context.colorDepth)
    }

    func handle(_ event: Event, area: Rect) -> ScreenResponse {
        statusText = nil
        switch event {
        case .tick:
            advanceGlide()
            return .handled
        case .mouse(let mouse):
            guard board != nil else { return .ignored }
            finishGlide()
            let taken = arena.handle(mouse, now: now())
            scheduleDeadline()
            return takeAnswer() ?? (taken ? .handled : .ignored)
        case .key(let key):
            guard let board, let action = Self.keyBindings.action(for: key) else { return .ignored }
            if case .choose(let forward) = action {
                self.board?.chooseNext(forward: forward)
                saveLayout()
                return .handled
            }
            guard let chosen = board.chosen, let cell = board.centreCell(of: chosen) else { return .handled }
            finishGlide()
            isKeyGesture = true
            defer { isKeyGesture = false }
            let taken = arena.handle(key, at: cell, now: now())
            scheduleDeadline()
            return takeAnswer() ?? (taken ? .handled : .ignored)
        case .resize, .paste:
            return .ignored
        }
    }

    // MARK: Gestures

    /// The answer a recognizer's action left for the event in hand (the facts screen to push).
    private var pendingAnswer: ScreenResponse?
    /// Takes the answer an action left, once.
    private func takeAnswer() -> ScreenResponse? {
        defer { pendingAnswer = nil }
        return pendingAnswer
    }

    private func setUpRecognizers() {
        let pan = PanGestureRecognizer { [unowned self] in self.panned($0) }
        pan.keyTranslations = [.left: Point(x: -1, y: 0), .right: Point(x: 1, y: 0), .up: Point(x: 0, y: -1), .down: Point(x: 0, y: 1)]
        let doubleTap = TapGestureRecognizer(numberOfTapsRequired: 2) { [unowned self] in self.doubleTapped($0) }
        doubleTap.keyEquivalents = [.character("z")]
        let tap = TapGestureRecognizer { [unowned self] in self.tapped($0) }
        tap.require(toFail: doubleTap)
        let longPress = LongPressGestureRecognizer { [unowned self] in self.longPressed($0) }
        longPress.keyEquivalents = [.enter]
        let pinch = PinchGestureRecognizer { [unowned self] in self.pinched($0) }
        pinch.zoomInKeys = [.character("+"), .character("=")]
        pinch.zoomOutKeys = [.character("-")]
        let rotation = RotationGestureRecognizer { [unowned self] in self.rotated($0) }
        rotation.clockwiseKeys = [.character("]")]
        rotation.counterclockwiseKeys = [.character("[")]
        pinch.delegate = recognizerDelegate
        rotation.delegate = recognizerDelegate
        for recognizer in [pan, doubleTap, tap, longPress, pinch, rotation] as [GestureRecognizer] {
            arena.addGestureRecognizer(recognizer)
        }
    }

    /// Lets a pinch and a rotation act on a photo together.
    private let recognizerDelegate = PinchWithRotation()

    /// Asks for a letter when the arena next waits for time (a double tap's wait, a long
    /// press's hold, the quiet that ends a pinch), so that the moment is heard without ticks.
    private func scheduleDeadline() {
        guard let deadline = arena.nextDeadline else { return }
        post(after: max(.zero, deadline - now())) { screen in
            screen.arena.advance(to: screen.now())
            screen.scheduleDeadline()
            return screen.takeAnswer() ?? .handled
        }
    }

    /// The arena's advance, for tests that run the clock themselves.
    func advanceGestures(to instant: ContinuousClock.Instant) -> ScreenResponse {
        arena.advance(to: instant)
        return takeAnswer() ?? .handled
    }

    /// The photo a gesture at `location` is about: the chosen one for the keys and for a
    /// pinch or turn already under way, else the one under the pointer.
    private func photo(at location: Point, continuing: Bool = false) -> String? {
        guard let board else { return nil }
        if isKeyGesture || continuing { return board.chosen }
        return board.photo(atCell: location)
    }

    private func panned(_ pan: PanGestureRecognizer) {
        switch pan.state {
        case .began:
            let start = Point(x: pan.location.x - pan.translation.x, y: pan.location.y - pan.translation.y)
            guard let name = photo(at: start), let item = board?.item(named: name) else {
                dragged = nil
                return
            }
            board?.bringToFront(name)
            board?.chosen = name
            dragged = (name, item.placement)
            follow(pan)
        case .changed:
            follow(pan)
        case .ended:
            follow(pan)
            if let dragged, animates, abs(pan.velocity.x) + abs(pan.velocity.y) > 2, let item = board?.item(named: dragged.name) {
                glide = (dragged.name, Deceleration(velocityX: pan.velocity.x, velocityY: pan.velocity.y), now(), item.placement)
            } else {
                saveLayout()
            }
            dragged = nil
        case .cancelled:
            if let dragged { board?.moveCentre(of: dragged.name, toX: dragged.start.centerX, y: dragged.start.centerY) }
            dragged = nil
        default:
            break
        }
    }

    /// Moves the dragged photo by the pan's translation from where it lay.
    private func follow(_ pan: PanGestureRecognizer) {
        guard let dragged else { return }
        board?.moveCentre(of: dragged.name, toX: dragged.start.centerX + Double(pan.translation.x), y: dragged.start.centerY + Double(pan.translation.y) * 2)
    }

    private func tapped(_ tap: TapGestureRecognizer) {
        guard let name = board?.photo(atCell: tap.location) else { return }
        board?.bringToFront(name)
        board?.chosen = name
        saveLayout()
    }

    private func doubleTapped(_ tap: TapGestureRecognizer) {
        guard let name = photo(at: tap.location) else { return }
        board?.chosen = name
        board?.toggleZoom(name)
        saveLayout()
    }

    private func longPressed(_ press: LongPressGestureRecognizer) {
        guard press.state == .began, let name = photo(at: press.location), let board, let item = board.item(named: name) else { return }
        self.board?.chosen = name
        pendingAnswer = .push(PhotoFactsScreen(photo: item.photo, others: board.items.map(\.photo), glyphs: glyphs))
    }

    private func pinched(_ pinch: PinchGestureRecognizer) {
        follow(pinch) { name in
            if pinch.state == .began { pinchScale = 1 }
            board?.scale(name, by: pinch.scale / pinchScale)
            pinchScale = pinch.scale
        }
    }

    private func rotated(_ rotation: RotationGestureRecognizer) {
        follow(rotation) { name in
            if rotation.state == .began { rotationAngle = 0 }
            board?.rotate(name, by: rotation.rotation - rotationAngle)
            rotationAngle = rotation.rotation
        }
    }

    /// Follows a pinch or a rotation of the photo under it: as it begins and changes, the
    /// photo is chosen and `change` applies what the gesture added since the last change;
    /// its end or cancellation keeps the layout.
    private func follow(_ gesture: GestureRecognizer, change: (_ photo: String) -> Void) {
        switch gesture.state {
        case .began, .changed:
            guard let name = photo(at: gesture.location, continuing: gesture.state == .changed) else { return }
            board?.chosen = name
            change(name)
        case .ended, .cancelled:
            saveLayout()
        default:
            break
        }
    }

    // MARK: Glides

    private func advanceGlide() {
        guard let glide else { return }
        let elapsed = now() - glide.start
        let offset = glide.motion.offset(after: elapsed)
        board?.moveCentre(of: glide.name, toX: glide.from.centerX + offset.x, y: glide.from.centerY + offset.y * 2)
        if elapsed >= glide.motion.duration { finishGlide() }
    }

    /// Stops a glide where it is (a new gesture caught the photo) and keeps the layout.
    private func finishGlide() {
        guard glide != nil else { return }
        glide = nil
        saveLayout()
    }

    /// Changes the board from outside its gestures (a benchmark's layout); not kept.
    func rearrange(_ change: (inout PhotoBoard) -> Void) {
        guard var board else { return }
        change(&board)
        self.board = board
    }

    /// Whether a fling's glide is under way.
    var isGliding: Bool { glide != nil }

    /// Keeps the board's layout in the state file.
    private func saveLayout() {
        guard let board else { return }
        let saved = board.saved
        settings.update { state in
            state.photoLayout = saved.placements
            state.photoOrder = saved.order
        }
    }
}

/// Lets a pinch and a rotation recognize together, as two fingers both spread and turn.
@MainActor
final class PinchWithRotation: GestureRecognizerDelegate {
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let kinds = [recognizer, other].map { $0 is PinchGestureRecognizer ? 1 : $0 is RotationGestureRecognizer ? 2 : 0 }
        return Set(kinds) == [1, 2]
    }
}
