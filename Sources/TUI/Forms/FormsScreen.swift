import Foundation
import TableKit

/// The Forms tab: the Profile form, which shows every trait a field can have, and a form of
/// the keyboards of Settings › General › Keyboards, one field each, to try them.
final class FormsScreen: TableViewController, TableViewDelegate, FormEditorDelegate {
    private let settings: AppSettings

    init(settings: AppSettings) {
        self.settings = settings
        super.init(title: "Forms", style: .grouped, dataSource: StaticTableDataSource([]))
        tableView.selectionMode = .single
        delegate = self
        reload()
    }

    private func reload() {
        let profile = settings.state.profile
        let name = profile?["name"].flatMap { $0.isEmpty ? nil : $0 } ?? "Not filled in"
        dataSource = StaticTableDataSource([
            TableSection(header: "Forms", footer: "Tab moves between fields, Ctrl-S saves, Esc cancels.", cells: [
                TableViewCell(style: .value1, text: "Profile", detailText: name, accessory: .disclosureIndicator),
                TableViewCell(style: .value1, text: "Keyboard Types", detailText: "\(settings.state.keyboardTypes.count) fields", accessory: .disclosureIndicator),
            ]),
        ])
    }

    override func viewWillAppear() {
        super.viewWillAppear()
        reload()
    }

    func tableView(_ tableView: TableViewController, didSelectRowAt indexPath: IndexPath) -> ScreenResponse {
        guard indexPath.row == 0 else { return .push(Self.keyboardsForm(settings.state.keyboardTypes)) }
        // Only the profile is stored: the keyboards form checks its fields and pops.
        let form = Self.profileForm(values: settings.state.profile ?? [:])
        form.formDelegate = self
        return .push(form)
    }

    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult {
        var stored = values
        stored["password"] = nil
        settings.update { $0.profile = stored }
        return .saved(.pop)
    }

    /// Name, Age, Birthday, Homepage, Password, Email, Phone, Twitter and Notes: every trait
    /// at work, and a date screen.
    static func profileForm(values: [String: String]) -> FormEditor {
        func traits(_ keyboard: KeyboardType, _ capitalisation: AutocapitalizationType = .none, _ change: (inout TextInputTraits) -> Void = { _ in }) -> TextInputTraits {
            var traits = TextInputTraits(keyboardType: keyboard, autocapitalizationType: capitalisation)
            traits.returnKeyType = .next
            change(&traits)
            return traits
        }
        let sections = [
            FormSection(header: "About You", fields: [
                FormField(key: "name", label: "Name", placeholder: "Full name", traits: traits(.default, .words) { $0.isRequired = true }),
                FormField(key: "age", label: "Age", placeholder: "0–150", traits: traits(.numberPad) { $0.range = 0 ... 150; $0.alignment = .right }),
                FormField(key: "birthday", label: "Birthday", placeholder: "Not set", kind: .date(RecordForm.dayConfiguration(from: "1876-01-01", until: Date()))),
                FormField(key: "homepage", label: "Homepage", placeholder: "https://example.com", traits: traits(.URL) { $0.clearButtonMode = .always }),
                FormField(key: "password", label: "Password", placeholder: "Not stored", traits: traits(.asciiCapable) { $0.isSecureTextEntry = true }),
            ]),
            FormSection(header: "Reach You", fields: [
                FormField(key: "email", label: "Email", placeholder: "name@example.com", traits: traits(.emailAddress) { $0.clearButtonMode = .whileEditing }),
                FormField(key: "phone", label: "Phone", placeholder: "+1 555 0100", traits: traits(.phonePad)),
                FormField(key: "twitter", label: "Twitter", placeholder: "@handle", traits: traits(.twitter) { $0.maximumLength = 16 },
                          validate: { handle in
                              let name = handle.hasPrefix("@") ? handle.dropFirst() : Substring(handle)
                              return !name.isEmpty && name.count <= 15 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                                  ? nil : "must be @ and up to 15 letters, digits or _"
                          }),
            ]),
            FormSection(header: "Notes", footer: "Enter breaks the line here; Tab moves on.", fields: [
                FormField(key: "notes", label: "Notes", placeholder: "Anything else", traits: traits(.default, .sentences) { $0.isMultiline = true; $0.returnKeyType = .default }),
            ]),
        ]
        return FormEditor(title: "Profile", sections: sections, values: values)
    }

    /// One field for each keyboard of Settings › General › Keyboards, in its order, each with
    /// the rules it brings.
    static func keyboardsForm(_ keyboards: [KeyboardType]) -> FormEditor {
        let fields = keyboards.map { keyboard in
            var traits = TextInputTraits(keyboardType: keyboard, autocapitalizationType: keyboard == .default ? .sentences : .none)
            traits.returnKeyType = keyboard == .webSearch ? .search : .next
            return FormField(key: keyboard.rawValue, label: keyboard.name, placeholder: Self.example(keyboard), traits: traits)
        }
        return FormEditor(title: "Keyboard Types", sections: [
            FormSection(footer: "A key a keyboard does not have is refused, and the status line says why.", fields: fields),
        ], saveTitle: "Check")
    }

    /// What a field of `keyboard` might hold, as its placeholder and in Add New Keyboard.
    static func example(_ keyboard: KeyboardType) -> String {
        switch keyboard {
        case .default: return "Anything"
        case .asciiCapable: return "ASCII only"
        case .numbersAndPunctuation: return "12:30, -4.5"
        case .URL: return "https://example.com"
        case .numberPad: return "42"
        case .phonePad: return "+1 (555) 010-2030"
        case .namePhonePad: return "Ann or 555 0100"
        case .emailAddress: return "name@example.com"
        case .decimalPad: return "3\(Locale.current.decimalSeparator ?? ".")14"
        case .twitter: return "@you #tag"
        case .webSearch: return "terminal tables"
        }
    }
}
