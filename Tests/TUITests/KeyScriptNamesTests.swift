import Foundation
import PropertyBased
import TableKit
import Testing
@testable import TUI

/// The names `snapshot --keys` takes come from one list (`Key.namedKeys`): the parser, `help
/// snapshot`, the error for a name that is not a key, and the README all give the same names.
@Suite("snapshot --keys: one list of key names for the parser, its help, its error and the README")
struct KeyScriptNamesTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every name the list gives, the ranges spelled out: `F1…F12` is `F1` to `F12`.
    static var listedNames: [String] {
        Key.scriptNameList.split(separator: " ").flatMap { word -> [String] in
            let ends = word.split(separator: "…").map(String.init)
            guard ends.count == 2 else { return [String(word)] }
            if ends[0] == "F1" { return (1 ... 12).map { "F\($0)" } }
            return "abcdefghijklmnopqrstuvwxyz".map { "C-\($0)" }
        }
    }

    @Test("each listed name is a key, and names the key whose name it is")
    func everyListedNameIsAKey() {
        #expect(Self.listedNames.count == Key.namedKeys.count + 12 + 26 + 1, "the named keys, F1…F12, C-a…C-z and C-_ (a form's undo)")
        for name in Self.listedNames {
            #expect(Key(name: name)?.description == name, "\(name)")
        }
        // The keys a reorder needs, which the lists once left out.
        #expect(Key.scriptNameList.contains("A-Up A-Down"))
    }

    @Test("every key a backend reads parses back from its name, whatever its case")
    func everyKeyParsesFromItsName() async {
        // A kind (named, function, control, printable) and a number that picks one of that kind.
        await propertyCheck(count: 300, input: Gen.int(in: 0 ... 3), Gen.int(in: 0 ... 1000), Gen.bool()) { kind, pick, upper in
            let key: Key = switch kind {
            case 0: Key.namedKeys[pick % Key.namedKeys.count]
            case 1: .function(1 + pick % 12)
            case 2: .control(Array("abcdefghijklmnopqrstuvwxyz_")[pick % 27])
            default: .character(Character(UnicodeScalar(UInt8(0x21 + pick % 94))))
            }
            let name = key.description
            #expect(Key(name: name) == key, "\(name)")
            if name.count > 1 { #expect(Key(name: upper ? name.uppercased() : name.lowercased()) == key, "\(name)") }
        }
    }

    @Test("help snapshot, the error and the README give the list, A-Up and A-Down among it")
    func helpErrorAndReadmeGiveTheList() throws {
        let help = TableBrowser.helpMessage(for: SnapshotCommand.self, columns: 100_000)
        #expect(help.contains(Key.scriptNameList), "\(help)")
        let error = #expect(throws: KeyScriptError.self) { try Key.parseScript("j Bogus") }
        #expect(error?.description == "'Bogus' is not a key: use a single character or one of \(Key.scriptNameList)")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let paragraph = readme.components(separatedBy: "\n\n").first { $0.contains("In `snapshot --keys`") } ?? ""
        #expect(paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("`" + Key.scriptNameList + "`"),
                "the README's paragraph on snapshot --keys does not give the names of Key.namedKeys:\n\(paragraph)")
    }

    @Test("a name that is not a key: one line on standard error that names it and the keys, status 64, no usage")
    func aBadNameIsOneLine() throws {
        let result = try TmuxSession.run(try TableBrowserBinary.url().path, ["snapshot", "--keys", "j A-Upp Enter"], environment: TableBrowserBinary.environment)
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "table-browser: --keys: 'A-Upp' is not a key: use a single character or one of \(Key.scriptNameList)\n",
                "\(result.standardError)")
    }
}
