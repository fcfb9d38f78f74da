import Foundation

/// What ArgumentParser's `--experimental-dump-help` says of a command (its `ToolInfoV0`
/// format, of which the manual page needs a part).
struct ToolInfo: Decodable {
    var command: CommandInfo
}

/// A command: its name, help and arguments, and its subcommands.
struct CommandInfo: Decodable {
    var commandName: String
    var abstract: String?
    var discussion: String?
    var shouldDisplay: Bool?
    var subcommands: [CommandInfo]?
    var arguments: [ArgumentInfo]?

    /// The arguments `--help` shows.
    var shownArguments: [ArgumentInfo] { (arguments ?? []).filter(\.shouldDisplay) }
}

/// An option, a flag or a positional argument.
struct ArgumentInfo: Decodable {
    enum Kind: String, Decodable {
        case positional, option, flag
    }

    /// A name: `-h` (short) or `--help` (long).
    struct Name: Decodable {
        var kind: String
        var name: String
    }

    var kind: Kind
    var shouldDisplay: Bool
    var isOptional: Bool
    var isRepeating: Bool
    var names: [Name]?
    var valueName: String?
    var defaultValue: String?
    var abstract: String?
    var discussion: String?

    /// `--help` and `--version`, which every form of the command takes.
    var isHelpOrVersion: Bool { names?.contains { $0.name == "help" || $0.name == "version" } == true }

    /// The argument in mdoc: `Fl -data Ar FILE.json`, `Fl h , Fl -help`, `Ar subcommand`.
    var synopsis: String {
        let shownValue = valueName ?? "value"
        let names = (names ?? []).map { "Fl " + Roff.argument(($0.kind == "long" ? "-" : "") + $0.name) }.joined(separator: " , ")
        switch kind {
        case .positional: return "Ar " + Roff.argument(shownValue) + (isRepeating ? " No ..." : "")
        case .flag: return names
        case .option: return names + " Ar " + Roff.argument(shownValue)
        }
    }

    /// The help `--help` gives the argument: its abstract and, for an option with one, its default.
    var helpText: String {
        let abstract = abstract ?? ""
        guard kind == .option, let defaultValue else { return abstract }
        return abstract + (abstract.isEmpty ? "" : " ") + "(default: \(defaultValue))"
    }
}
