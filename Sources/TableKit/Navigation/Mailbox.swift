import Synchronization

/// Answers on their way to the screens that asked for them, as Bubble Tea's commands return
/// messages: the result of work that ran off the main actor, a timer that fell due, an answer
/// a screen owes its stack once the event in hand is over (a form that pops after the screen
/// above it saved).
///
/// Anything may post, from any thread; the run loop wakes at once and delivers what is due on
/// the main actor, in the order it was posted, before the next key. A delivery runs with the
/// screen it answers for and gives that screen's ``ScreenResponse`` — a push, a modal, a pop —
/// which its stack carries out as if the screen had answered an event. A screen that is gone
/// by then hears nothing. Nothing polls: ticks are for animation only.
///
/// Screens post through ``Screen/post(_:)``, ``Screen/post(after:_:)`` and
/// ``Screen/runInBackground(_:then:)``:
///
/// ```swift
/// func refresh() -> ScreenResponse {
///     runInBackground({ Feed.download() }) { screen, items in
///         screen.items = items
///         screen.reloadData()
///         return .handled
///     }
///     return .handled
/// }
/// ```
public final class Mailbox: Sendable {
    /// The screen a letter is for, held weakly: a letter for a screen that is gone is dropped.
    // Safe to send: `screen` is written once, in init, before the recipient is shared; loading
    // a weak reference is atomic; and the screen it gives is used only on the main actor.
    private final class Recipient: @unchecked Sendable {
        weak var screen: (any Screen)?
        init(_ screen: any Screen) { self.screen = screen }
    }

    private struct Letter {
        var due: ContinuousClock.Instant?
        var recipient: Recipient
        var answer: @Sendable @MainActor () -> ScreenResponse
    }

    private struct State {
        var letters: [Letter] = []
        var workInFlight = 0
        var wake: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// The app's mailbox, which ``RootController`` delivers by default.
    @usableFromInline package static let main = Mailbox()

    /// Creates an empty mailbox.
    public init() {}

    /// Posts `answer` for `screen`, due at once (or at `due`); the run loop wakes for it.
    /// `answer` runs on the main actor once the screen is in the app (a screen on a stack);
    /// nothing runs once the screen is gone.
    public func post(to screen: any Screen, at due: ContinuousClock.Instant? = nil, _ answer: @escaping @Sendable @MainActor () -> ScreenResponse) {
        let letter = Letter(due: due, recipient: Recipient(screen), answer: answer)
        let wake = state.withLock { state in
            state.letters.append(letter)
            return state.wake
        }
        wake?()
    }

    /// Says that work has started whose result will be posted: a headless run waits for it
    /// rather than ending when its keys run out. Pair it with ``workDidEnd()``.
    package func workDidBegin() {
        state.withLock { $0.workInFlight += 1 }
    }

    /// Says that work announced by ``workDidBegin()`` has posted its result (or was dropped).
    package func workDidEnd() {
        let wake = state.withLock { state in
            state.workInFlight = max(0, state.workInFlight - 1)
            return state.wake
        }
        wake?()
    }

    /// Whether work is under way whose result is still to come, or a letter for a screen that
    /// `isHosted` waits for its time.
    @MainActor
    func isAwaiting(hostedBy isHosted: (any Screen) -> Bool) -> Bool {
        state.withLock { state in
            state.workInFlight > 0 || state.letters.contains { letter in letter.recipient.screen.map(isHosted) ?? false }
        }
    }

    /// When the earliest letter for a screen that `isHosted` falls due: `.now` for one due at
    /// once, `nil` for none.
    /// Whether work begun with ``workDidBegin()`` has not yet ended, or an answer for a hosted
    /// screen is due now: read under one lock, so that work which posts its answer and then
    /// ends is seen either still running or with its answer waiting, never as neither.
    @MainActor
    func isBusy(hostedBy isHosted: (any Screen) -> Bool, now: ContinuousClock.Instant = .now) -> Bool {
        state.withLock { state in
            state.workInFlight > 0 || state.letters.contains { letter in
                (letter.due ?? now) <= now && (letter.recipient.screen.map(isHosted) ?? false)
            }
        }
    }

    @MainActor
    func nextDue(hostedBy isHosted: (any Screen) -> Bool) -> ContinuousClock.Instant? {
        state.withLock { state in
            state.letters.reduce(nil) { earliest, letter in
                guard let screen = letter.recipient.screen, isHosted(screen) else { return earliest }
                let due = letter.due ?? .now
                return earliest.map { min($0, due) } ?? due
            }
        }
    }

    /// Takes the letters due by `now` for screens that `isHosted`, in the order they were
    /// posted, as (screen, answer) pairs; letters for screens that are gone are dropped, and
    /// the rest stay (another app's, in a process that runs several).
    @MainActor
    func takeDue(now: ContinuousClock.Instant = .now, hostedBy isHosted: (any Screen) -> Bool)
        -> [(screen: any Screen, answer: @Sendable @MainActor () -> ScreenResponse)] {
        state.withLock { state in
            var due: [(screen: any Screen, answer: @Sendable @MainActor () -> ScreenResponse)] = []
            state.letters.removeAll { letter in
                guard let screen = letter.recipient.screen else { return true }
                guard (letter.due ?? now) <= now, isHosted(screen) else { return false }
                due.append((screen, letter.answer))
                return true
            }
            return due
        }
    }

    /// How a post wakes the run loop that waits for events (a terminal's wake-up pipe);
    /// the run loop sets it when it starts.
    package func setWake(_ wake: (@Sendable () -> Void)?) {
        state.withLock { $0.wake = wake }
    }
}

extension Screen {
    /// Posts an answer to this screen, delivered after the event in hand: `answer` runs on the
    /// main actor with the screen and returns its response (a pop, say), which the screen's
    /// stack carries out. Nothing is delivered once the screen is gone.
    public func post(_ answer: @escaping @MainActor (Self) -> ScreenResponse) {
        Mailbox.main.post(to: self) { [weak self] in self.map(answer) ?? .handled }
    }

    /// Posts an answer to this screen that falls due after `delay`: a timer, such as the half
    /// second before a progress sheet shows.
    public func post(after delay: Duration, _ answer: @escaping @MainActor (Self) -> ScreenResponse) {
        Mailbox.main.post(to: self, at: .now + delay) { [weak self] in self.map(answer) ?? .handled }
    }

    /// Takes down `modal`, if there is one, and then carries out `response` as the next
    /// delivery, as UIKit's `dismiss(animated:completion:)`: a progress sheet goes before the
    /// alert that says its work failed. Without a modal, `response` is the answer at once.
    ///
    /// ```swift
    /// return dismiss(progressSheet) { .present(AlertController(alert: failed)) }
    /// ```
    package func dismiss(_ modal: (any Modal)?, then response: @escaping @MainActor () -> ScreenResponse) -> ScreenResponse {
        guard let modal else { return response() }
        post { _ in response() }
        return .dismiss(modal)
    }

    /// Runs `work` on another thread and delivers its result to this screen as an event:
    /// `deliver` runs on the main actor with the screen and the result, and returns the
    /// screen's response. `work` takes and returns only `Sendable` values; the screen is not
    /// touched off the main actor. A headless run waits for the result before it ends.
    public func runInBackground<Value: Sendable>(
        _ work: @escaping @Sendable () -> Value,
        then deliver: @escaping @MainActor (Self, Value) -> ScreenResponse
    ) {
        let mailbox = Mailbox.main
        mailbox.workDidBegin()
        Task.detached(priority: .userInitiated) { [weak self] in
            let value = work()
            if let self { mailbox.post(to: self) { [weak self] in self.map { deliver($0, value) } ?? .handled } }
            mailbox.workDidEnd()
        }
    }
}
