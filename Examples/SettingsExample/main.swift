import Foundation
import TableKit
import TableKitTerminal

/// A grouped settings screen: `.value1` rows, a chevron that opens a screen, an info button
/// with its own action (an alert), a checkmark, and a footer under its section.
final class SettingsScreen: TableViewController, TableViewDelegate {
    init() {
        super.init(title: "Settings", style: .grouped, dataSource: StaticTableDataSource([
            TableSection(header: "General", cells: [
                TableViewCell(style: .value1, text: "About", accessory: .disclosureIndicator),
                TableViewCell(style: .value1, text: "Language", detailText: "English"),
                TableViewCell(style: .value1, text: "Location", detailText: "While Using", accessory: .detailButton),
            ]),
            TableSection(header: "Sounds", footer: "Quiet hours silence alerts from 22:00 to 07:00.", cells: [
                TableViewCell(text: "Quiet Hours", accessory: .checkmark),
                TableViewCell(style: .value1, text: "Ringtone", detailText: "Marimba"),
            ]),
        ]))
        delegate = self
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard indexPath == IndexPath(row: 0, section: 0) else { return .handled }
        return .push(TableViewController(title: "About", style: .grouped, dataSource: StaticTableDataSource([
            TableSection(cells: [
                TableViewCell(style: .value1, text: "Name", detailText: "TableKit"),
                TableViewCell(style: .value1, text: "Made for", detailText: "terminals"),
            ]),
        ])))
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        var alert = Alert(title: "Location", message: "Apps see your location only while you use them.")
        alert.addAction(AlertAction(title: "OK", style: .cancel))
        return .present(AlertController(alert: alert))
    }
}

TerminalApp(root: RootController(content: NavigationController(root: SettingsScreen()))).main()
