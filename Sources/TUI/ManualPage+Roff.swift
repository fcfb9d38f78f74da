import Foundation

/// Text as roff reads it, each character shown as written: the manual page of `--help`.
enum Roff {
    /// `text` for a text line (or the end of a macro line): backslashes, minus signs, quotes,
    /// `^` and `~` escaped so that groff shows them as typed (not as hyphens or curly quotes),
    /// every non-ASCII character as `\[uXXXX]` (kept whatever the page's encoding is read as),
    /// control characters dropped, and a `.` that would start a line made text.
    static func text(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += #"\e"#
            case "-": escaped += #"\-"#
            case "'": escaped += #"\(aq"#
            case "`": escaped += #"\(ga"#
            case "^": escaped += #"\(ha"#
            case "~": escaped += #"\(ti"#
            case "\"": escaped += #"\(dq"#
            case "\n", "\t": escaped += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    continue
                } else if scalar.isASCII {
                    escaped.unicodeScalars.append(scalar)
                } else {
                    escaped += #"\[u"# + String(format: "%04X", scalar.value) + "]"
                }
            }
        }
        return escaped.first == "." ? #"\&"# + escaped : escaped
    }

    /// `text` as one argument of a macro: escaped as ``text(_:)``, quoted when it has a space.
    static func argument(_ text: String) -> String {
        let escaped = Self.text(text)
        return escaped.contains(" ") || escaped.isEmpty ? "\"" + escaped + "\"" : escaped
    }

    /// `text`'s paragraphs (split at blank lines) as text lines, `.Pp` between them; none for
    /// no text.
    static func paragraphs(_ text: String?) -> [String] {
        guard let text else { return [] }
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return paragraphs.enumerated().flatMap { index, paragraph in (index > 0 ? [".Pp"] : []) + [Self.text(paragraph)] }
    }
}
