import BundledData
import Foundation
import TableKit

/// One reviewed iPhone game, as `Resources/games.json` holds it.
struct Game: Decodable, Hashable, Sendable {
    var title: String
    var developer: String
    /// US dollars; 0 is free.
    var price: Double
    var category: String
    /// `YYYY-MM-DD`, or nil when unknown.
    var released: String?
    /// Our rating, 1 to 5.
    var rating: Int
    var review: String

    /// `$0.99`, or `Free`.
    var priceText: String {
        price <= 0 ? "Free" : String(format: "$%.2f", price)
    }

    /// `★★★☆☆`; ASCII terminals get `***--`.
    func stars(_ glyphs: Glyphs) -> String {
        let filled = max(0, min(5, rating))
        let (on, off) = glyphs == .ascii ? ("*", "-") : ("★", "☆")
        return String(repeating: on, count: filled) + String(repeating: off, count: 5 - filled)
    }

    /// `May 3, 2011`, as the date screen shows it, or `—` when the date is not known.
    var releasedText: String {
        guard let released else { return "—" }
        let dates = ReleaseDates.configuration()
        guard let date = dates.date(fromValueText: released) else { return released }
        return dates.displayText(date: date, countDownDuration: 0)
    }

    /// Where the game can be found: a search of the App Store for its title.
    var storeLink: String {
        let term = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? title
        return "https://apps.apple.com/us/search?term=" + term
    }
}

/// The bundled game reviews.
enum GameLibrary {
    /// The games of the bundled file, or a sentence saying why they cannot be shown.
    static func loadBundled() -> Result<[Game], CommandFailure> {
        switch BundledData.url(forFile: BundledData.gamesFileName) {
        case .success(let url): return load(url)
        case .failure(let missing): return .failure(CommandFailure(message: missing.description, exitCode: 66))
        }
    }

    /// The games of a JSON file: an array of objects with the keys of ``Game``.
    static func load(_ url: URL) -> Result<[Game], CommandFailure> {
        do {
            let data = try Data(contentsOf: url)
            return .success(try JSONDecoder().decode([Game].self, from: data))
        } catch let error as DecodingError {
            return .failure(CommandFailure(message: "\(url.lastPathComponent): not a list of game reviews (\(describe(error)))", exitCode: 65))
        } catch {
            return .failure(CommandFailure(message: "\(url.lastPathComponent) cannot be read: \(error.localizedDescription)", exitCode: 66))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): return "a review has no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}

/// The games a person has starred, in the order they put them (a new star goes last), shared
/// by the Games list, its Wishlist and the saved state; tells whoever listens when it changes.
final class Wishlist {
    /// The starred titles, in order.
    private(set) var titles: [String]
    private var starred: Set<String>
    /// Called after every change, to save it.
    var onChange: (OrderedListEdit) -> Void = { _ in }

    init(titles: [String] = []) {
        (self.titles, starred) = Self.withoutRepeats(titles)
    }

    /// `titles` with each title only where it first comes (a state file edited by hand may
    /// repeat one), and as a set.
    private static func withoutRepeats(_ titles: [String]) -> ([String], Set<String>) {
        var seen = Set<String>()
        return (titles.filter { seen.insert($0).inserted }, seen)
    }

    func contains(_ game: Game) -> Bool { starred.contains(game.title) }

    var count: Int { titles.count }

    /// Stars `game`, or un-stars it when it is starred.
    func toggle(_ game: Game) {
        apply(contains(game) ? .remove([game.title]) : .add(game.title))
    }

    /// Un-stars the games titled `removed`, with one change (one save).
    func remove(titles removed: Set<String>) {
        guard !starred.isDisjoint(with: removed) else { return }
        apply(.remove(removed))
    }

    /// Moves the starred game titled `title` to just before `next` (`nil`: last).
    func move(_ title: String, before next: String?) {
        guard starred.contains(title), next != title else { return }
        apply(.move(title, before: next))
    }

    private func apply(_ edit: OrderedListEdit) {
        edit.apply(to: &titles)
        starred = Set(titles)
        onChange(edit)
    }

    /// Takes the titles saved, which may hold another instance's stars (no change is told).
    func show(_ saved: [String]) {
        (titles, starred) = Self.withoutRepeats(saved)
    }
}

/// Release dates a person filled in or corrected on a game's review (the bundled reviews lack
/// a few), shared by every games screen and the saved state; tells whoever listens when one
/// changes.
final class ReleaseDates {
    /// By game title, as `2011-03-04`.
    private(set) var dates: [String: String]
    /// Called after every change with the game's title and its new date (to save it).
    var onChange: (_ title: String, _ date: String) -> Void = { _, _ in }

    init(dates: [String: String] = [:]) {
        self.dates = dates
    }

    /// `game` with the person's release date, if they gave one.
    func applied(to game: Game) -> Game {
        var dated = game
        if let date = dates[game.title] { dated.released = date }
        return dated
    }

    /// Keeps `date` (`2011-03-04`) as the release date of `game`.
    func set(_ date: String, for game: Game) {
        guard dates[game.title] != date else { return }
        dates[game.title] = date
        onChange(game.title, date)
    }

    /// Takes the dates saved, which may hold another instance's (no change is told).
    func show(_ saved: [String: String]) {
        dates = saved
    }

    /// The days a release date may be: from the App Store's opening, 10 July 2008, to today.
    static func configuration(now: Date = Date()) -> DatePicker.Configuration {
        RecordForm.dayConfiguration(from: "2008-07-10", until: now)
    }
}
