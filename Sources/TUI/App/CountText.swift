extension Int {
    /// The number with its thousands grouped, as the app's English text writes it:
    /// `400,000`. Settings reads it on every frame, so it is a walk over the digits rather than
    /// a `NumberFormatter` made each time.
    var groupedText: String {
        let digits = Array(String(magnitude))
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (self < 0 ? "-" : "") + grouped
    }
}
