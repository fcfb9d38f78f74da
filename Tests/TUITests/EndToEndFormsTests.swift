import Foundation
import Testing

/// Forms in a real terminal: validation that refuses and then accepts, a book added that is
/// still there after a new start, and a record of a `--data` file edited in the file itself.
@Suite("End to end in tmux: forms, added books and edited files", .serialized)
struct EndToEndFormsTests {
    @Test("the Profile form refuses invalid input with reasons, then saves valid input and goes back")
    func profileInvalidThenValid() async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList(arguments: ["--no-animation"])
        session.send("4", "Enter")
        await session.waitUntil("the Profile form") { $0.first?.contains("Profile") == true }
        // Name left empty; Age 200; Email without a domain.
        session.send("Tab")
        session.sendLiteral("200")
        session.send("Tab", "Tab", "Tab", "Tab")
        session.sendLiteral("ann@")
        session.send("C-s")
        let refused = await session.waitUntil("the reasons") { screen in
            screen.contains { $0.contains("Name is required") } && screen.contains { $0.contains("Age must be from 0 to 150") }
                && screen.last?.contains("nothing was saved") == true
        }
        #expect(refused?.contains { $0.contains("Email must be an e-mail address") } == true)
        // The focus went to Name; fix all three.
        session.sendLiteral("ann")
        session.send("Tab", "C-u")
        session.sendLiteral("41")
        session.send("Tab", "Tab", "Tab", "Tab")
        session.sendLiteral("example.com")
        session.send("C-s")
        let saved = await session.waitUntil("the Forms list again") { $0.first?.contains("Forms") == true && $0.contains { $0.contains("Profile") } }
        #expect(saved != nil)
        session.send("q")
        await session.expectExitStatusZero("the end", "nothing left unsaved, so q quits at once")
    }

    @Test("a book added with + is there after quitting and starting again")
    func addedBookLasts() async throws {
        let session = try await TableBrowserBinary.launchAtTheBooksList(arguments: ["--no-animation"])
        session.send("+")
        await session.waitUntil("Add Book") { $0.first?.contains("Add Book") == true }
        session.sendLiteral("zyzzyva tales")
        session.send("Tab")
        session.sendLiteral("ann lee")
        session.send("Tab")
        session.sendLiteral("1999")
        session.send("C-s")
        await session.waitUntil("the list with the new book") { screen in
            screen.first?.contains("Title │ Author") == true && screen.contains { $0.contains("Zyzzyva Tales") }
        }
        session.send("q")
        await session.waitUntil("the first run's end") { $0.contains(where: TableBrowserBinary.isExitLine) }

        session.type(commandLine: "clear; \"$APP\" --no-animation; echo \"EXIT:$?\"")
        await session.waitForTheBooksList("the Books list again")
        session.send("/")
        session.sendLiteral("zyzzyva")
        let found = await session.waitUntil("the book found") { $0.contains { $0.contains("Zyzzyva Tales") } && $0.contains { $0.contains("Ann Lee") } }
        #expect(found != nil)
        session.send("Escape", "q")
        await session.expectExitStatusZero("the second run's end")
    }

    @Test("a record of a --data file edited and saved is in the file, the rest of it byte for byte")
    func editedRecordIsInTheFile() async throws {
        let files = TemporaryFiles()
        let original = "[\n  {\"name\": \"Ann\", \"age\": 41, \"score\": 1.50},\n  {\"name\": \"Bob\", \"age\": 7, \"score\": 2.0}\n]\n"
        let path = files.write(original)
        let session = try await TableBrowserBinary.launchInTmux(arguments: ["--no-animation", "--data", path], width: 80, height: 24)
        await session.waitUntil("the list") { $0.contains { $0.contains("Bob") } && $0.last?.contains("quit") == true }
        session.send("j", "e")
        await session.waitUntil("Bob's form") { $0.first?.contains("Edit “Bob”") == true }
        session.send("Tab", "C-u")
        session.sendLiteral("8")
        session.send("C-s")
        await session.waitUntil("the list again") { $0.first?.contains("Edit “") == false && $0.contains { $0.contains("Bob") } }
        let saved = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(saved == original.replacingOccurrences(of: "\"age\": 7,", with: "\"age\": 8,"))
        session.send("q")
        await session.expectExitStatusZero()
    }

    @Test("two records of a --data file checked in editing mode and deleted: the file is the rest of it, byte for byte")
    func twoCheckedRecordsAreDeletedFromTheFile() async throws {
        let files = TemporaryFiles()
        let original = "[\n  {\"name\": \"Ann\", \"age\": 41},\n  {\"name\": \"Bob\", \"age\": 7},\n  {\"name\": \"Cy\",  \"age\": 3.50},\n  {\"name\": \"Dee\"}\n]\n"
        let path = files.write(original)
        let session = try await TableBrowserBinary.launchInTmux(arguments: ["--no-animation", "--data", path], width: 80, height: 24)
        await session.waitUntil("the list") { $0.contains { $0.contains("Dee") } && $0.last?.contains("quit") == true }
        session.send("E", "j", "Space", "j", "j", "Space")
        await session.waitUntil("Bob and Dee checked") { screen in
            screen.contains { $0.contains("◉   Bob") } && screen.contains { $0.contains("◉   Dee") } && screen.contains { $0.contains("Delete 2 Records (d)") }
        }
        session.send("d")
        await session.waitUntil("the question") { $0.contains { $0.contains("Delete 2 Records?") } }
        session.send("Right", "Enter")
        await session.waitUntil("the list without them") { screen in
            screen.contains { $0.contains("Cy") } && !screen.contains { $0.contains("Bob") || $0.contains("Dee") } && screen.first?.contains("Edit (E)") == true
        }
        let saved = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        #expect(saved == "[\n  {\"name\": \"Ann\", \"age\": 41},\n  {\"name\": \"Cy\",  \"age\": 3.50}\n]\n", "\(saved)")
        session.send("q")
        await session.expectExitStatusZero()
    }
}
