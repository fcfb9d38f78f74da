import Foundation
import Testing
import TableKit
@testable import TUI

/// A `--data` form types each field by its column across the file, not by the one record it
/// edits, and a save writes exactly what was typed, in its type (issue 23).
@MainActor
@Suite("Forms of a --data file: fields typed by their column")
struct ColumnTypedFormsTests {
    /// Cars, as a real file has them: a fractional column with whole values in it, nulls in
    /// columns of numbers and booleans, a column mixing text and numbers, numbers written
    /// `1.50`, `1E3` and `-0`, days. Sorted by name: buick, chevelle, datsun, ford, vw.
    static let cars = """
    [
      {"Name": "chevelle malibu", "Miles_per_Gallon": 18, "Horsepower": 130, "Accel": -0, "Year": "1970-01-01", "Origin": "USA", "Turbo": false},
      {"Name": "buick skylark", "Miles_per_Gallon": 15, "Horsepower": 165, "Accel": 12, "Year": "1970-01-01", "Origin": "USA", "Turbo": true},
      {"Name": "vw rabbit", "Miles_per_Gallon": 29.5, "Horsepower": 71, "Accel": -3, "Year": "1976-01-01", "Origin": "Europe", "Turbo": false},
      {"Name": "ford pinto", "Miles_per_Gallon": null, "Horsepower": null, "Accel": 1, "Year": null, "Origin": 3, "Turbo": null},
      {"Name": "datsun 510", "Miles_per_Gallon": 1.50, "Horsepower": 1E3, "Accel": 2, "Year": "1971-01-01", "Origin": "Japan", "Turbo": false}
    ]

    """

    private func app(_ path: String) throws -> BrowserApp {
        try headlessApp(["--data", path])
    }

    /// The file after `script` on a fresh copy of the cars.
    private func saved(after script: String) throws -> String {
        let files = TemporaryFiles()
        let path = files.write(Self.cars)
        try keys(try app(path), script)
        return contents(path)
    }

    /// The cars with `old` replaced by `new` (once, and it must be there).
    private func cars(_ old: String, _ new: String) -> String {
        #expect(Self.cars.components(separatedBy: old).count == 2, "\(old) is in the cars once")
        return Self.cars.replacingOccurrences(of: old, with: new)
    }

    @Test("a whole number in a column with fractions takes a decimal pad: 15 becomes 15.5, a number")
    func wholeNumberInAFractionalColumn() throws {
        // buick skylark is the first row; its Miles_per_Gallon is the second field.
        #expect(try saved(after: "e Tab End . 5 C-s") == cars(#""Miles_per_Gallon": 15,"#, #""Miles_per_Gallon": 15.5,"#))
    }

    @Test("a null in a column of numbers takes the column's type: 75 is saved as the number 75, and a letter is refused")
    func nullInANumberColumn() throws {
        // ford pinto is the fourth row.
        #expect(try saved(after: "j j j e Tab 7 5 x C-s") == cars(#""Miles_per_Gallon": null, "Horsepower": null"#, #""Miles_per_Gallon": 75, "Horsepower": null"#))
        #expect(try saved(after: "j j j e Tab Tab 8 8 C-s") == cars(#""Horsepower": null, "Accel": 1"#, #""Horsepower": 88, "Accel": 1"#))
    }

    @Test("a column of whole numbers takes a number pad: a point is refused; with negatives in it, a leading minus is taken")
    func numberPadAndSigns() throws {
        // Horsepower (whole numbers, but 1E3 in datsun's): a decimal pad. Accel has negatives.
        let files = TemporaryFiles()
        let path = files.write(Self.cars)
        let app = try app(path)
        try keys(app, "e Tab Tab Tab C-u - 7 .")
        #expect(text(app).joined(separator: "\n").contains("Accel              -7 "), "the minus is taken at the start, the point refused")
        #expect(text(app).joined(separator: "\n").contains("Accel takes digits and a leading \"-\" only"))
        try keys(app, "Home -")
        #expect(text(app).joined(separator: "\n").contains("Accel              -7 "), "a second minus is refused")
        try keys(app, "C-s")
        #expect(contents(path) == cars(#""Accel": 12,"#, #""Accel": -7,"#))
        // A column with no negatives refuses the minus: Miles_per_Gallon.
        #expect(try saved(after: "e Tab Home - C-s") == Self.cars)
    }

    @Test("a save with no change writes identical bytes: 1.50, 1E3, -0 and nulls stay as written")
    func noChangeNoBytes() throws {
        for row in 0 ..< 5 {
            let down = Array(repeating: "j", count: row).joined(separator: " ")
            #expect(try saved(after: "\(down) e C-s") == Self.cars, "row \(row)")
        }
        // Through every field and back, still nothing.
        #expect(try saved(after: "j j e Tab Tab Tab Tab Tab Tab S-Tab S-Tab C-s") == Self.cars)
    }

    @Test("a mixed column keeps each value's type: a number-looking string stays a string unless ^T makes it a number")
    func mixedColumn() throws {
        // Origin holds text and a number; buick's is the text "USA".
        #expect(try saved(after: "e Tab Tab Tab Tab Tab C-u 7 5 C-s") == cars(#""Origin": "USA", "Turbo": true"#, #""Origin": "75", "Turbo": true"#))
        #expect(try saved(after: "e Tab Tab Tab Tab Tab C-u 7 5 C-t Down Enter C-s") == cars(#""Origin": "USA", "Turbo": true"#, #""Origin": 75, "Turbo": true"#))
        // ford's Origin is the number 3: typed on, it stays a number.
        #expect(try saved(after: "j j j e Tab Tab Tab Tab Tab End 1 C-s") == cars(#""Origin": 3,"#, #""Origin": 31,"#))
        // The label says which type a value of a mixed column has.
        let files = TemporaryFiles()
        let app = try app(files.write(Self.cars))
        try keys(app, "j j j e")
        #expect(text(app).joined(separator: "\n").contains("Origin (number)"))
        #expect(!text(app).joined(separator: "\n").contains("Accel ("), "a column of one type needs no label")
    }

    @Test("^T makes a value null on purpose; a null switch stays null until it is flipped")
    func nullOnPurpose() throws {
        // ^T's sheet: Text, Number, True or false, Date, null.
        #expect(try saved(after: "e C-t Down Down Down Down Enter C-s") == cars(#""Name": "buick skylark""#, #""Name": null"#))
        // ford's Turbo is null: flipping it makes it true; leaving it keeps it null.
        #expect(try saved(after: "j j j e Tab Tab Tab Tab Tab Tab Space C-s") == cars(#""Origin": 3, "Turbo": null"#, #""Origin": 3, "Turbo": true"#))
        #expect(try saved(after: "j j j e Tab Tab Tab Tab Tab Tab C-s") == Self.cars)
    }

    @Test("a null in a column of days takes a date screen; the day chosen is written as the column writes days")
    func nullInADayColumn() throws {
        let files = TemporaryFiles()
        let app = try app(files.write(Self.cars))
        try keys(app, "j j j e Tab Tab Tab Tab")
        #expect(text(app).joined(separator: "\n").contains("Year") && text(app).joined(separator: "\n").contains("No value ›"),
                "a null day shows No value (not the word null), with the date screen's chevron")
        // The date screen of a file's day shows no range: the file's days have no limits.
        try keys(app, "Enter")
        let screen = text(app).joined(separator: "\n")
        #expect(screen.contains("Year") && !screen.contains("Between") && !screen.contains("4001") && !screen.contains("0001"), "\(screen)")
        try keys(app, "Esc")
        let saved = try saved(after: "j j j e Tab Tab Tab Tab Enter C-s C-s")
        #expect(saved.contains(#""Accel": 1, "Year": "20"#), "the date screen's day, written as a day string")
    }
}
