import BundledData
import Foundation
import TableKit

/// One tweet, as `Resources/tweets.json` holds it (and as the state file keeps the ones
/// written here).
struct Tweet: Codable, Hashable, Sendable {
    var id: String
    var name: String
    var handle: String
    var text: String
    /// ISO 8601, UTC.
    var date: Date
    var replies: Int
    var retweets: Int
    var favorites: Int
    /// The tweet this one answers (tweets written here only).
    var inReplyTo: String?

    /// The tweet's address, as Share shows it.
    var link: String {
        "https://twitter.example.com/\(handle.dropFirst())/status/\(id)"
    }

    /// A decoder that reads the bundled files' dates.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// An encoder that writes dates as the bundled files do.
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

/// The bundled tweets.
enum TweetLibrary {
    /// The timeline's tweets.
    static let fileName = "tweets.json"
    /// The tweets a refresh brings.
    static let newFileName = "tweets-new.json"

    /// The tweets of a bundled file, or a sentence saying why they cannot be shown.
    static func loadBundled(_ name: String) -> Result<[Tweet], CommandFailure> {
        switch BundledData.url(forFile: name) {
        case .success(let url): return load(url)
        case .failure(let missing): return .failure(CommandFailure(message: missing.description, exitCode: 66))
        }
    }

    /// The tweets of a JSON file: an array of objects with the keys of ``Tweet``.
    static func load(_ url: URL) -> Result<[Tweet], CommandFailure> {
        do {
            let data = try Data(contentsOf: url)
            return .success(try Tweet.decoder().decode([Tweet].self, from: data))
        } catch is DecodingError {
            return .failure(CommandFailure(message: "\(url.lastPathComponent): not a list of tweets", exitCode: 65))
        } catch {
            return .failure(CommandFailure(message: "\(url.lastPathComponent) cannot be read: \(error.localizedDescription)", exitCode: 66))
        }
    }
}

/// How a tweet's times read: "now", "3m", "2h", "Jan 29" (and the year when it is not this
/// one) in the timeline; "10:52 AM · Nov 23, 2026" in full.
struct TweetTimes {
    var timeZone = TimeZone.current
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    func relative(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "now" }
        if seconds < 3_600 { return "\(Int(seconds / 60))m" }
        if seconds < 86_400 { return "\(Int(seconds / 3_600))h" }
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        return format(date, sameYear ? "MMM d" : "MMM d, yyyy")
    }

    func absolute(_ date: Date) -> String {
        format(date, "h:mm a · MMM d, yyyy")
    }

    private func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}

/// The parts of a tweet's text drawn in the tint colour: @mentions, #hashtags and links.
enum TweetEntities {
    /// The text with its mentions, hashtags and links in `tint`, the rest in `base`.
    static func styled(_ text: String, base: Style = .plain, tint: Style = Theme.tint) -> StyledText {
        var result = StyledText()
        var plain = ""
        let characters = Array(text)
        var index = 0
        func flush() {
            result.append(plain, style: base)
            plain = ""
        }
        while index < characters.count {
            if let end = entityEnd(in: characters, at: index) {
                flush()
                result.append(String(characters[index ..< end]), style: tint)
                index = end
            } else {
                plain.append(characters[index])
                index += 1
            }
        }
        flush()
        return result
    }

    /// Where an entity starting at `index` ends, if one starts there.
    private static func entityEnd(in characters: [Character], at index: Int) -> Int? {
        let character = characters[index]
        let previous = index > 0 ? characters[index - 1] : " "
        if character == "@" || character == "#" {
            guard !isWordCharacter(previous), previous != character, index + 1 < characters.count, isWordCharacter(characters[index + 1]) else {
                return nil
            }
            var end = index + 1
            while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
            return end
        }
        guard character == "h", !isWordCharacter(previous) else { return nil }
        let rest = String(characters[index ..< min(characters.count, index + 8)])
        guard rest.hasPrefix("https://") || rest.hasPrefix("http://") else { return nil }
        var end = index
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        // Closing punctuation belongs to the sentence, not the link.
        while end > index, ".,;:!?)\"'”’".contains(characters[end - 1]) { end -= 1 }
        return end
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
