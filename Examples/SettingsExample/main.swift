import Foundation
import TableKit
import TableKitTerminal

/// A grouped settings screen: `.value1` rows, a chevron that opens a screen, an info button
/// with its own action (an alert), a checkmark, a footer under its section, and a form whose
/// values are typed (a number, a switch, a date).
final class SettingsScreen: TableViewController, TableViewDelegate, FormEditorDelegate {
    /// The alarm, as the form hands it back: a number, a boolean, a date or null.
    var alarm: [String: FormValue] = ["volume": .number(70), "snooze": .bool(true), "until": .null]

    init() {
        super.init(title: "Settings", style: .grouped, dataSource: StaticTableDataSource([]))
        delegate = self
        reload()
    }

    private func reload() {
        var summary = "Off"
        if case .number(let volume)? = alarm["volume"] {
            summary = "Volume \(volume)" + (alarm["snooze"] == .bool(true) ? ", snooze" : "")
        }
        dataSource = StaticTableDataSource([
            TableSection(header: "General", cells: [
                TableViewCell(style: .value1, text: "About", accessory: .disclosureIndicator),
                TableViewCell(style: .value1, text: "Language", detailText: "English"),
                TableViewCell(style: .value1, text: "Location", detailText: "While Using", accessory: .detailButton),
            ]),
            TableSection(header: "Sounds", footer: "Quiet hours silence alerts from 22:00 to 07:00.", cells: [
                TableViewCell(text: "Quiet Hours", accessory: .checkmark),
                TableViewCell(style: .value1, text: "Ringtone", detailText: "Marimba"),
                TableViewCell(style: .value1, text: "Alarm", detailText: summary, accessory: .disclosureIndicator),
            ]),
        ])
    }

    /// The alarm's form: the volume on a number pad from 0 to 100 (empty is no alarm), snooze
    /// on a switch, and the day it stops.
    private func alarmForm() -> FormEditor {
        var volume = TextInputTraits(keyboardType: .numberPad)
        volume.range = 0 ... 100
        let form = FormEditor(title: "Alarm", sections: [FormSection(footer: "An empty volume turns the alarm off.", fields: [
            FormField(key: "volume", label: "Volume", placeholder: "Off", traits: volume),
            FormField(key: "snooze", label: "Snooze", kind: .toggle),
            FormField(key: "until", label: "Until", placeholder: "Never", kind: .date(DatePicker.Configuration(mode: .date))),
        ])], typedValues: alarm)
        form.formDelegate = self
        // The cursor before the volume's first digit, as selectedTextRange puts it in UIKit:
        // Delete takes the tens away.
        form.moveCursor(to: 0, inFieldWithKey: "volume")
        return form
    }

    func formEditor(_ form: FormEditor, didSave values: [String: FormValue]) -> FormSaveResult {
        alarm = values
        reload()
        return .saved(.pop)
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        if indexPath == IndexPath(row: 2, section: 1) { return .push(alarmForm()) }
        guard indexPath == IndexPath(row: 0, section: 0) else { return .handled }
        return .push(TableViewController(title: "About", style: .grouped, dataSource: StaticTableDataSource([
            TableSection(cells: [
                TableViewCell(style: .value1, text: "Name", detailText: "TableKit"),
                TableViewCell(style: .value1, text: "Made for", detailText: "terminals"),
            ]),
        ])))
    }

    func tableView(_ tableView: TableViewController, accessoryButtonTappedForRowWith indexPath: IndexPath) -> ScreenResponse {
        return .present(AlertController.notice(title: "Location", message: "Apps see your location only while you use them."))
    }
}

TerminalApp(root: RootController(content: NavigationController(root: SettingsScreen()))).main()
