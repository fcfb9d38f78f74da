/// Records the inverse of each change so that a person can take changes back and make them
/// again, as Foundation's `UndoManager` does.
///
/// A change registers how to undo itself with ``registerUndo(withTarget:handler:)``; the
/// handler, run by ``undo()``, makes the inverse change and registers *its* inverse in turn,
/// which becomes the redo:
///
/// ```swift
/// func setFavourite(_ isOn: Bool, for item: Item) {
///     let old = item.isFavourite
///     item.isFavourite = isOn
///     undoManager.registerUndo(withTarget: self) { screen in screen.setFavourite(old, for: item) }
///     undoManager.setActionName(isOn ? "Favourite" : "Unfavourite")
/// }
/// ```
///
/// Every registration made while one event is handled forms one group, undone as a whole
/// (``groupsByEvent``: the ``RootController`` ends the group after each event);
/// ``beginUndoGrouping()`` and ``endUndoGrouping()`` make groups of their own. A new change
/// after an undo clears what could be redone. The manager holds its targets weakly: a handler
/// whose target has gone is skipped.
///
/// The ``RootController`` owns one (``RootController/undoManager``): `u` undoes and `U` redoes
/// wherever the screen in front leaves those keys alone, the footer offers `u` while there is
/// something to undo, and the footer line names what was undone ("Undo Delete").
///
/// On Apple platforms Foundation declares a class of the same name; write
/// `TableKit.UndoManager` there.
@MainActor
public final class UndoManager {
    /// One registered inverse: its target, held weakly, and what to do to it.
    private struct Action {
        weak var target: AnyObject?
        let handler: @MainActor (AnyObject) -> Void
    }

    /// Changes undone (or redone) together, with the name menus give them.
    private struct Group {
        var actions: [Action] = []
        var name = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The groups begun and not yet ended, outermost first.
    private var openGroups: [Group] = []
    /// Whether the outermost open group was begun by a registration (``groupsByEvent``), to
    /// end with the event.
    private var isEventGroupOpen = false
    private var disabledRegistrations = 0

    /// Whether ``undo()`` is running its handlers: what they register goes to the redo stack.
    public private(set) var isUndoing = false
    /// Whether ``redo()`` is running its handlers: what they register goes to the undo stack,
    /// and the redo stack stays.
    public private(set) var isRedoing = false

    /// Whether a registration made outside any group opens one that ends with the event being
    /// handled (`true`, the default). When `false`, such a registration is a group of its own.
    public var groupsByEvent = true

    /// How many groups the undo stack keeps, oldest dropped first; 0 (the default) keeps all.
    public var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// Creates an empty manager.
    public init() {}

    /// Whether registrations are recorded: not between ``disableUndoRegistration()`` and as
    /// many ``enableUndoRegistration()``.
    public var isUndoRegistrationEnabled: Bool { disabledRegistrations == 0 }

    /// Stops recording registrations (calls nest): changes made now cannot be undone.
    public func disableUndoRegistration() { disabledRegistrations += 1 }

    /// Records registrations again, once every ``disableUndoRegistration()`` is matched.
    public func enableUndoRegistration() { disabledRegistrations = max(0, disabledRegistrations - 1) }

    /// How deep the open groups nest; 0 when none is open.
    public var groupingLevel: Int { openGroups.count }

    /// Begins a group: the registrations until the matching ``endUndoGrouping()`` are undone
    /// together. Groups nest; an inner group belongs to the outer one.
    public func beginUndoGrouping() {
        openGroups.append(Group())
    }

    /// Ends the innermost group. Ending the outermost one puts it on the stack (an empty
    /// group is dropped); ending none does nothing.
    public func endUndoGrouping() {
        guard let group = openGroups.popLast() else { return }
        if openGroups.isEmpty {
            isEventGroupOpen = false
            push(group)
        } else {
            openGroups[openGroups.count - 1].actions += group.actions
            if openGroups[openGroups.count - 1].name.isEmpty { openGroups[openGroups.count - 1].name = group.name }
        }
    }

    /// Ends the group that registrations opened while one event was handled: the
    /// ``RootController`` calls it after each event and delivery.
    package func endEventGroup() {
        guard isEventGroupOpen, openGroups.count == 1 else { return }
        endUndoGrouping()
    }

    /// Records how to undo a change to `target`: `handler` is called with it by ``undo()``
    /// (or ``redo()``, when registered by an undo). A registration that is not an undo's or a
    /// redo's clears what could be redone.
    public func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping @MainActor (Target) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        let action = Action(target: target) { object in
            if let target = object as? Target { handler(target) }
        }
        if openGroups.isEmpty {
            guard groupsByEvent else {
                push(Group(actions: [action]))
                return
            }
            beginUndoGrouping()
            isEventGroupOpen = true
        }
        openGroups[openGroups.count - 1].actions.append(action)
    }

    /// Names the change being registered (or, outside a group, the one last registered), as
    /// menus show it: "Delete" reads "Undo Delete".
    public func setActionName(_ actionName: String) {
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].name = actionName
        } else if isUndoing || isRedoing {
            // Named after its handlers ran: the group they registered is already on its stack.
            if isUndoing, !redoStack.isEmpty { redoStack[redoStack.count - 1].name = actionName }
            if isRedoing, !undoStack.isEmpty { undoStack[undoStack.count - 1].name = actionName }
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].name = actionName
        }
    }

    /// Whether there is a change to undo (an open event group counts: it ends first).
    public var canUndo: Bool { !undoStack.isEmpty || openGroups.contains { !$0.actions.isEmpty } }

    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// The name of the change ``undo()`` takes back; empty when it has none.
    public var undoActionName: String { openGroups.last(where: { !$0.actions.isEmpty })?.name ?? undoStack.last?.name ?? "" }

    /// The name of the change ``redo()`` makes again; empty when it has none.
    public var redoActionName: String { redoStack.last?.name ?? "" }

    /// "Undo" followed by the name of the change, as a menu shows it: "Undo Delete 3 Books".
    public var undoMenuItemTitle: String { menuTitle("Undo", undoActionName) }

    /// "Redo" followed by the name of the change: "Redo Delete 3 Books".
    public var redoMenuItemTitle: String { menuTitle("Redo", redoActionName) }

    /// "Undo" or "Redo", followed by `actionName` when it has one.
    private func menuTitle(_ verb: String, _ actionName: String) -> String {
        actionName.isEmpty ? verb : "\(verb) \(actionName)"
    }

    /// Takes back the last group of changes: ends a group the current event opened, then runs
    /// the group's handlers, last registered first. What they register becomes the redo, under
    /// the same name. Does nothing when there is nothing to undo, or inside a group a caller
    /// began.
    public func undo() { runLast(undoing: true) }

    /// Makes the last undone group of changes again; what its handlers register can be undone
    /// again, under the same name.
    public func redo() { runLast(undoing: false) }

    /// Runs the last group of the undo stack (`undoing`) or of the redo stack: its handlers,
    /// last registered first, register the inverse, which goes on the other stack under the
    /// same name.
    private func runLast(undoing: Bool) {
        endEventGroup()
        guard openGroups.isEmpty, let group = undoing ? undoStack.popLast() : redoStack.popLast() else { return }
        (isUndoing, isRedoing) = (undoing, !undoing)
        openGroups.append(Group(name: group.name))
        for action in group.actions.reversed() {
            if let target = action.target { action.handler(target) }
        }
        let inverse = openGroups.removeLast()
        (isUndoing, isRedoing) = (false, false)
        if !inverse.actions.isEmpty {
            if undoing {
                redoStack.append(inverse)
            } else {
                undoStack.append(inverse)
                trim()
            }
        }
        lastRun = (group, undoing, !inverse.actions.isEmpty)
    }

    /// The group the last ``undo()`` or ``redo()`` ran, whether it was an undo, and whether
    /// its handlers registered an inverse: what ``restoreLastUndoOrRedo()`` puts back.
    private var lastRun: (group: Group, wasUndo: Bool, registeredInverse: Bool)?

    /// Takes back the last ``undo()`` or ``redo()`` as far as the stacks go, for one whose
    /// work failed afterwards (a save that could not be written): its group is offered again
    /// and the inverse it registered is dropped. Nothing happens once another change was
    /// registered or undone since.
    package func restoreLastUndoOrRedo() {
        guard let run = lastRun else { return }
        lastRun = nil
        if run.wasUndo {
            if run.registeredInverse { redoStack.removeLast() }
            undoStack.append(run.group)
        } else {
            if run.registeredInverse { undoStack.removeLast() }
            redoStack.append(run.group)
        }
    }

    /// Forgets every change: after the data underneath was replaced.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
        isEventGroupOpen = false
        lastRun = nil
    }

    /// Forgets every change registered with `target`, leaving the others.
    public func removeAllActions(withTarget target: AnyObject) {
        let keep = { (group: Group) -> Group in
            Group(actions: group.actions.filter { $0.target.map { $0 !== target } ?? false }, name: group.name)
        }
        undoStack = undoStack.map(keep).filter { !$0.actions.isEmpty }
        redoStack = redoStack.map(keep).filter { !$0.actions.isEmpty }
        openGroups = openGroups.map(keep)
        lastRun = nil
    }

    private func push(_ group: Group) {
        guard !group.actions.isEmpty else { return }
        lastRun = nil
        if isUndoing {
            redoStack.append(group)
            return
        }
        undoStack.append(group)
        if !isRedoing { redoStack.removeAll() }
        trim()
    }

    private func trim() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}
