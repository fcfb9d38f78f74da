/// The difference between two frames, line by line, for a person to read; nil when they are equal.
///
/// Lines are compared by position, as a screen is: each differing line shows as `-` (expected)
/// and `+` (actual) under its number (from 0, as `lines[n]` counts), with `context` equal lines
/// around it. Trailing spaces show as `␠`, since they are otherwise invisible in a report.
///
/// ```
/// frame differs at line 2 (expected 4 lines, got 4)
///     1 │ Apple
/// -   2 │ Banana␠
/// +   2 │ Bananas
///     3 │ Cherry
/// ```
public func frameDifference(expected: [String], actual: [String], context: Int = 1) -> String? {
    guard expected != actual else { return nil }
    let height = max(expected.count, actual.count)
    let differing = (0..<height).filter { expected[safe: $0] != actual[safe: $0] }
    let shown = Set(differing.flatMap { max(0, $0 - context)...min(height - 1, $0 + context) })
    let width = String(height - 1).count
    func row(_ mark: String, _ number: Int, _ text: String) -> String {
        let label = String(repeating: " ", count: width - String(number).count) + String(number)
        return "\(mark) \(label) │ \(visibleTrailingSpaces(text))"
    }
    let lineWord = differing.count == 1 ? "line" : "lines"
    var report = ["frame differs at \(lineWord) \(differing.map(String.init).joined(separator: ", ")) (expected \(expected.count) lines, got \(actual.count))"]
    var previous: Int?
    for number in shown.sorted() {
        if let previous, number > previous + 1 { report.append("  " + String(repeating: " ", count: width) + " ┆") }
        previous = number
        let wanted = expected[safe: number], got = actual[safe: number]
        if wanted == got {
            report.append(row(" ", number, wanted ?? ""))
        } else {
            report.append(wanted.map { row("-", number, $0) } ?? row("-", number, "(no line)"))
            report.append(got.map { row("+", number, $0) } ?? row("+", number, "(no line)"))
        }
    }
    return report.joined(separator: "\n")
}

private func visibleTrailingSpaces(_ line: String) -> String {
    let kept = droppingTrailingSpaces(line)
    return kept + String(repeating: "␠", count: line.count - kept.count)
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
