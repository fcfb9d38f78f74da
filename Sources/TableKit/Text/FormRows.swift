import Foundation

/// A form's rows, made from its fields as the table measures and draws them.
///
/// A row's cell holds a copy of its field only while it is measured or drawn, so that the
/// form's own field is the only lasting holder of its text: a key then edits a long value in
/// place, where a kept cell would have the edit copy the whole value first.
struct FormRows: TableViewDataSource {
    /// The form; a form holds its table, which holds this.
    private weak var form: FormEditor?

    init(form: FormEditor) {
        self.form = form
    }

    func numberOfSections() -> Int {
        form?.currentFields.count ?? 0
    }

    func numberOfRows(inSection section: Int) -> Int {
        guard let form, form.currentFields.indices.contains(section) else { return 0 }
        return form.currentFields[section].count
    }

    func cell(for indexPath: IndexPath) -> TableViewCell {
        guard let form, let field = form.field(at: indexPath) else { return TableViewCell(text: "") }
        return form.cell(for: field, editor: form.fields[indexPath.section][indexPath.row])
    }

    func titleForHeader(inSection section: Int) -> String? {
        guard let form, form.sections.indices.contains(section) else { return nil }
        return form.sections[section].header
    }

    func titleForFooter(inSection section: Int) -> String? {
        guard let form, form.sections.indices.contains(section) else { return nil }
        return form.sections[section].footer
    }
}
