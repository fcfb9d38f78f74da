import Foundation
import TableKit
import TableKitTerminal

/// Contacts: one model on the main actor, read by the list's data source and changed by its
/// delegate, its detail screen and an import that runs in the background. Sectioned A–Z;
/// Enter opens a contact; Delete Contact asks, then goes back; r imports more contacts; Edit
/// (or a swipe) deletes contacts from the list itself.
struct Contact: Sendable, Hashable {
    var name: String
    var phone: String
    var email: String
}

/// The address book every screen shares. Main-actor isolated, as a UIKit app's model is.
@MainActor
final class AddressBook {
    private(set) var contacts = [
        Contact(name: "Ada Lovelace", phone: "+44 20 7946 0018", email: "ada@example.org"),
        Contact(name: "Grace Hopper", phone: "+1 202 555 0143", email: "grace@example.org"),
        Contact(name: "Émile Borel", phone: "+33 1 70 36 39 50", email: "emile@example.org"),
        Contact(name: "Alan Turing", phone: "+44 161 496 0791", email: "alan@example.org"),
    ]

    func remove(_ contact: Contact) { contacts.removeAll { $0 == contact } }

    func add(_ new: [Contact]) { contacts += new.filter { !contacts.contains($0) } }
}

/// Contacts from comma-separated lines: plain values in, plain values out, so it can run
/// on any thread.
enum ContactImport {
    static let sample = "Katherine Johnson,+1 757 555 0100,katherine@example.org\nDonald Knuth,+1 650 555 0199,don@example.org"

    static func parse(_ text: String) -> [Contact] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return fields.count == 3 ? Contact(name: fields[0], phone: fields[1], email: fields[2]) : nil
        }
    }
}

extension BarButtonItem.Identifier {
    static let importContacts: Self = "import"
}

final class ContactList: TableViewController, TableViewDelegate {
    let book: AddressBook
    private var isImporting = false

    init(book: AddressBook) {
        self.book = book
        super.init(title: "Contacts", dataSource: StaticTableDataSource([]))
        delegate = self
        // A feature of the list's own, added without touching the table: Space shows a card.
        addPart(QuickLook { [unowned self] indexPath in
            guard let contact: Contact = item(at: indexPath) else { return nil }
            return [contact.name, contact.phone, contact.email]
        })
        showContacts()
    }

    private func showContacts() {
        dataSource = IndexedSections(book.contacts, title: \.name) { contact in
            TableViewCell(style: .subtitle, text: contact.name, detailText: contact.email, accessory: .disclosureIndicator)
        }.editable(deleting: { [book] contact in book.remove(contact) })
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        showContacts()
    }

    override var prompt: String? { isImporting ? "Importing…" : nil }

    override var rightBarButtonItems: [BarButtonItem] {
        [editButtonItem(), BarButtonItem(system: .refresh, id: .importContacts, key: .character("r"), isEnabled: !isImporting, help: "import contacts")]
    }

    override func barButtonTapped(_ id: BarButtonItem.Identifier, area: Rect) -> ScreenResponse {
        guard id == .importContacts, !isImporting else { return super.barButtonTapped(id, area: area) }
        isImporting = true
        // The parse runs off the main actor on a String; its [Contact] comes back as an event.
        runInBackground({ ContactImport.parse(ContactImport.sample) }) { list, imported in
            list.isImporting = false
            list.book.add(imported)
            list.showContacts()
            return .handled
        }
        return .handled
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard let contact: Contact = item(at: indexPath) else { return .handled }
        return .push(ContactDetail(contact: contact, book: book))
    }
}

/// Quick Look for a list: Space shows the focused row's card over the rows, and the card
/// follows the focus as ↑ and ↓ move it; Space or Esc (or a click) puts it away.
final class QuickLook: TableViewPart {
    /// The card's lines for a row; `nil` when the row has no card.
    private let card: @MainActor (IndexPath) -> [String]?
    private var isShown = false

    init(card: @escaping @MainActor (IndexPath) -> [String]?) {
        self.card = card
    }

    override var hasKeyboardFocus: Bool { isShown }

    override func handleKey(_ key: Key, context: TableContext) -> TablePartResponse? {
        if isShown, key == .space || key == .escape {
            isShown = false
            return .handled
        }
        // Other keys go on to the table: the card follows the focus.
        guard !isShown, key == .space, let row = context.state.focusedRow, card(row) != nil else { return nil }
        isShown = true
        return .handled
    }

    override func handleMouse(_ mouse: MouseEvent, hit: TableHit, context: TableContext) -> TablePartResponse? {
        guard isShown, mouse.kind == .press else { return nil }
        isShown = false
        return .handled
    }

    override func render(into canvas: inout Canvas, area: Rect, renderContext: RenderContext, context: TableContext) {
        guard isShown, let row = context.state.focusedRow, let lines = card(row) else { return }
        let rows = context.rowsArea
        let width = min(rows.width, (lines.map(\.displayWidth).max() ?? 0) + 4)
        let height = min(rows.height, lines.count + 2)
        let box = Rect(x: rows.minX + (rows.width - width) / 2, y: rows.minY + (rows.height - height) / 2, width: width, height: height)
        canvas.drawBox(box, glyphs: renderContext.glyphs, style: .plain)
        for (offset, line) in lines.enumerated() {
            canvas.draw(line, at: Point(x: box.minX + 2, y: box.minY + 1 + offset), style: offset == 0 ? Theme.tint : .plain, clip: box)
        }
    }

    override func helpHints(context: TableContext) -> [KeyHint] {
        isShown ? [KeyHint("↑ ↓", "the card of the row above or below"), KeyHint("Space Esc", "put the card away")]
            : [KeyHint("Space", "show the row's card")]
    }

    override func footerHints(context: TableContext) -> [KeyHint] {
        isShown ? [KeyHint("↑↓", "move"), KeyHint("Space", "close")] : [KeyHint("Space", "card")]
    }

    override func dataDidReload(context: TableContext) {
        isShown = false
    }
}

final class ContactDetail: TableViewController, TableViewDelegate {
    let contact: Contact
    let book: AddressBook

    init(contact: Contact, book: AddressBook) {
        self.contact = contact
        self.book = book
        super.init(title: contact.name, style: .grouped, dataSource: StaticTableDataSource([
            TableSection(cells: [
                TableViewCell(style: .value2, text: "phone", detailText: contact.phone),
                TableViewCell(style: .value2, text: "email", detailText: contact.email),
            ]),
            TableSection(cells: [TableViewCell(text: "Delete Contact")]),
        ]))
        delegate = self
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard indexPath.section == 1 else { return .handled }
        var sheet = Alert(title: "Delete \(contact.name)?", style: .actionSheet)
        // The button's answer is the screen's: the contact goes, and so does its screen.
        sheet.addAction(AlertAction.answering(title: "Delete Contact", style: .destructive, key: .character("d"), answer: { [book, contact] in
            book.remove(contact)
            return .pop
        }))
        sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
        return .present(AlertController(alert: sheet))
    }
}

TerminalApp(root: RootController(content: NavigationController(root: ContactList(book: AddressBook())))).main()
