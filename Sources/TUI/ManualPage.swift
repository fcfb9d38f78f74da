import ArgumentParser
import Foundation

/// `table-browser man-page`: the manual page, in mdoc, on standard output; `make install`
/// puts it in `share/man/man1`. Hidden: it is for the install, not for a person.
///
/// Written here rather than by swift-argument-parser's `generate-manual`, which drops every
/// non-ASCII character (the keys' arrows, `…`, `–`) and gives a command with subcommands the
/// synopsis `table-browser subcommand …`, as if one were required.
struct ManualPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "man-page",
        abstract: "Print table-browser's manual page (mdoc) on standard output, for the install.",
        shouldDisplay: false
    )

    func run() throws {
        FileHandle.standardOutput.write(Data(try ManualPage(of: TableBrowser.self).mdoc().utf8))
    }
}

/// The manual page of a command, from the same description its `--help` is written from
/// (ArgumentParser's dump of the command: abstract, discussion, options and their help,
/// subcommands): `--help` and `man table-browser` cannot say different things.
struct ManualPage {
    /// The command, its options and its subcommands, as ArgumentParser describes them.
    let command: CommandInfo
    /// The date the page carries.
    var date = Date()

    /// The page of `type`, read from ArgumentParser's description of it.
    init(of type: any ParsableCommand.Type) throws {
        command = try JSONDecoder().decode(ToolInfo.self, from: Data(type._dumpHelp().utf8)).command
    }

    /// The page in mdoc: every character of the help kept, the non-ASCII ones as roff escapes.
    func mdoc() -> String {
        var lines = [
            #".\" Written by "\#(command.commandName) man-page" from the text of --help."#,
            ".Dd " + Self.dateText(date),
            ".Dt " + command.commandName.uppercased() + " 1",
            ".Os",
            ".Sh NAME",
            ".Nm " + command.commandName,
            ".Nd " + Roff.text(command.abstract ?? ""),
            ".Sh SYNOPSIS",
        ]
        // The command alone, then each subcommand a person may give: none is required.
        lines += synopsis(of: command, name: nil)
        for subcommand in shownSubcommands { lines += synopsis(of: subcommand, name: subcommand.commandName) }
        lines += [".Sh DESCRIPTION"]
        lines += Roff.paragraphs(command.abstract)
        if let discussion = command.discussion, !discussion.isEmpty { lines += [".Pp"] + Roff.paragraphs(discussion) }
        lines += [".Sh OPTIONS"] + optionList(of: command)
        if !shownSubcommands.isEmpty {
            lines += [".Sh SUBCOMMANDS"]
            for subcommand in shownSubcommands {
                lines += [".Ss " + Roff.text(command.commandName + " " + subcommand.commandName)]
                lines += Roff.paragraphs(subcommand.abstract)
                if let discussion = subcommand.discussion, !discussion.isEmpty { lines += [".Pp"] + Roff.paragraphs(discussion) }
                lines += optionList(of: subcommand)
            }
        }
        lines += [
            ".Sh EXIT STATUS",
            Roff.text("0 when all went well; 64 for a command line it cannot use; 65 for a file that is not JSON, "
                + "or not an array of objects; 66 for a file or input that cannot be read or is refused; "
                + "128 and the signal's number when a signal ends it."),
            ".Sh AUTHORS",
            "The TableKit developers.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The subcommands `--help` lists (not the hidden benchmarks), `help` last.
    private var shownSubcommands: [CommandInfo] {
        (command.subcommands ?? []).filter { $0.shouldDisplay != false }
    }

    /// One synopsis line: the command's name, the subcommand's, and each argument it shows.
    private func synopsis(of command: CommandInfo, name: String?) -> [String] {
        [".Nm"] + (name.map { [".Cm " + Roff.argument($0)] } ?? [])
            + command.shownArguments.filter { !$0.isHelpOrVersion }.map { argument in
                argument.isOptional ? ".Op " + argument.synopsis : "." + argument.synopsis
            }
    }

    /// The list of a command's arguments, each with its help as `--help` gives it.
    private func optionList(of command: CommandInfo) -> [String] {
        let arguments = command.shownArguments
        guard !arguments.isEmpty else { return [] }
        var lines = [".Bl -tag -width 6n"]
        for argument in arguments {
            lines += [".It " + argument.synopsis] + Roff.paragraphs(argument.helpText)
            if let discussion = argument.discussion, !discussion.isEmpty { lines += [".Pp"] + Roff.paragraphs(discussion) }
        }
        return lines + [".El"]
    }

    /// `November 29, 2026`, as mdoc's `.Dd` wants it.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMMM d, yyyy"
        return formatter.string(from: date)
    }
}
