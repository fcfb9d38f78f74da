import Foundation
import TableKit

/// The app's state while it runs: changed by Settings and the wishlist, applied at once, and
/// saved after every change when there is a file to save to (`snapshot` reads it but never
/// writes). A problem — a file set aside, a save that failed — is said once, in words.
@MainActor
final class AppSettings {
    private(set) var state: AppState
    private let store: StateStore?
    /// Applies the state to the app (theme, sort order, mouse…); called after every change.
    var apply: (AppState) -> Void = { _ in }
    /// Problems not yet shown to the person.
    private(set) var pendingProblems: [String] = []
    private var hasReportedSaveFailure = false
    /// What was said about the file: a value found not understood at start is found again by
    /// the first save (which then writes its default), and is said once.
    private var saidAboutTheFile: Set<String> = []
    /// Changes made since the last save that worked, in order: the next save makes them all.
    private var unsaved: [(inout AppState) -> Void] = []
    /// Where each change registers its inverse (`u` takes it back); none in a state that is
    /// only read.
    var undoManager: UndoManager?
    /// What shows a state an undo or a redo brought back, each while its owner is there: the
    /// screens that keep their own copy of it (the wishlist, Settings' rows, the Keyboards
    /// list while it is up). ``apply`` runs too.
    private var undoWatchers: [(owner: Weak, show: (AppState) -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    /// Calls `show` with the state after each undo or redo, while `owner` is there; a second
    /// call for the same owner takes the first one's place.
    func watchUndo(by owner: AnyObject, _ show: @escaping (AppState) -> Void) {
        undoWatchers.removeAll { $0.owner.object == nil || $0.owner.object === owner }
        undoWatchers.append((Weak(object: owner), show))
    }

    /// The state in `store` (defaults when it has none), or just `state` when nothing is saved.
    init(store: StateStore?, state: AppState = AppState()) {
        self.store = store
        if let store {
            let loaded = store.load()
            self.state = loaded.state
            say(loaded.problem)
        } else {
            self.state = state
        }
    }

    /// Changes the state, saves the change and applies the result.
    ///
    /// `change` is the person's change alone (this switch on, this game starred), not a whole
    /// state: it is made to the state in the file, so what another instance saved meanwhile
    /// survives and comes into this one's state too.
    ///
    /// The change can be undone: its inverse sets the fields it changed back to what they were
    /// before it, leaving the rest (another instance's changes among them) as they are then.
    /// - Parameter actionName: What undo calls it ("Favourite"); by default the name of the
    ///   field it changed ("Theme").
    func update(actionName: String? = nil, _ change: @escaping (inout AppState) -> Void) {
        var next = state
        change(&next)
        guard next != state else { return }
        registerInverse(of: next, named: actionName)
        if let store {
            unsaved.append(change)
            do {
                let updated = try store.update { state in for change in unsaved { change(&state) } }
                unsaved = []
                next = updated.state
                say(updated.problem)
                hasReportedSaveFailure = false
            } catch {
                // Said once; the state stays in memory and later changes try again.
                if !hasReportedSaveFailure { pendingProblems.append("\(error)") }
                hasReportedSaveFailure = true
            }
        }
        state = next
        apply(state)
    }

    /// Registers how to put back the fields `next` changes from the state now.
    private func registerInverse(of next: AppState, named actionName: String?) {
        guard let undoManager else { return }
        let before = state
        let fields = next.fields(differingFrom: before)
        guard !fields.isEmpty else { return }
        undoManager.registerUndo(withTarget: self) { settings in
            settings.update(actionName: actionName) { state in
                for field in fields { state.copy(field, from: before) }
            }
            for watcher in settings.undoWatchers where watcher.owner.object != nil { watcher.show(settings.state) }
        }
        if !undoManager.isUndoing, !undoManager.isRedoing {
            undoManager.setActionName(actionName ?? fields.map(AppState.undoName(of:)).joined(separator: ", "))
        }
    }

    private func say(_ problem: String?) {
        if let problem, saidAboutTheFile.insert(problem).inserted { pendingProblems.append(problem) }
    }

    /// The problems to show, once each.
    func takeProblems() -> [String] {
        defer { pendingProblems = [] }
        return pendingProblems
    }
}
