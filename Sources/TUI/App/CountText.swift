import Foundation

extension Int {
    /// The number with its thousands grouped, as the app's English text writes it:
    /// `400,000`.
    var groupedText: String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: self)) ?? String(self)
    }
}
