import Foundation
import TableKit
import TableKitTerminal

/// A mail inbox: cells of styled paragraphs that size themselves, and a side-swipe menu on
/// every message (s or Shift-←: Flag, Archive, Delete; Shift-→: Mark Read). `inbox --no-mouse`
/// leaves the mouse to the terminal, to select and copy a message's text.
struct Message {
    var sender: String
    var subject: String
    var preview: String
    var isFlagged = false
    var isRead = false
}

final class Inbox: TableViewController, TableViewDelegate, TableViewDataSource {
    var messages = [
        Message(sender: "Ada", subject: "Tables in a terminal", preview: "They slide aside now, as they did on the iPhone in 2009."),
        Message(sender: "Grace", subject: "Compiler notes", preview: "Attached are the notes from Tuesday."),
        Message(sender: "Linus", subject: "Re: patches", preview: "Looks good; one nit about the naming of the second function."),
    ]

    init() {
        super.init(title: "Inbox", dataSource: StaticTableDataSource([]))
        dataSource = self
        delegate = self
    }

    func numberOfRows(inSection section: Int) -> Int { messages.count }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        let message = messages[indexPath.row]
        let name = StyledText(message.sender, style: Style(attributes: message.isRead ? [] : [.bold]))
        let flag = StyledText(message.isFlagged ? "⚑" : "", style: Theme.tint)
        return TableViewCell(paragraphs: [
            CellParagraph(name, trailingText: flag, wraps: false),
            CellParagraph(StyledText(message.subject)),
            CellParagraph(StyledText(message.preview, style: Theme.secondaryText)),
        ])
    }

    func tableView(_ tableView: TableViewController, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        let delete = ContextualAction(style: .destructive, title: "Delete") { [weak self] indexPath in
            self?.messages.remove(at: indexPath.row)
            self?.reloadData()
            return .handled
        }
        let archive = ContextualAction(title: "Archive") { [weak self] indexPath in
            self?.messages.remove(at: indexPath.row)
            self?.reloadData()
            return .handled
        }
        let flagged = messages[indexPath.row].isFlagged
        let flag = ContextualAction(title: flagged ? "Unflag" : "Flag", image: "⚑", key: "f") { [weak self] indexPath in
            self?.messages[indexPath.row].isFlagged.toggle()
            return .handled
        }
        // Outermost first: Delete is rightmost, and pressing Shift-← again deletes.
        return SwipeActionsConfiguration(actions: [delete, archive, flag])
    }

    func tableView(_ tableView: TableViewController, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> SwipeActionsConfiguration? {
        SwipeActionsConfiguration(actions: [ContextualAction(title: "Mark Read") { [weak self] indexPath in
            self?.messages[indexPath.row].isRead = true
            return .handled
        }])
    }
}

let options = TerminalApp.Options(mouse: !CommandLine.arguments.contains("--no-mouse"))
TerminalApp(root: RootController(content: NavigationController(root: Inbox())), options: options).main()
