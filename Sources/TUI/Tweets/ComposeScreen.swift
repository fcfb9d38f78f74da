import Foundation
import TableKit

/// Writing a reply: the form editor with one text view on the Twitter keyboard, a limit of
/// 280 characters with a live counter, and Send, which stays disabled while the text says
/// nothing (is empty, or only the handles it started with) or is over the limit.
final class ComposeScreen: FormEditor, FormEditorDelegate {
    /// The most characters a tweet takes.
    static let limit = 280
    private let send: (String) -> Void
    /// The handle the reply started with: a reply of only that says nothing.
    private let prefill: String

    /// A reply to `tweet`, starting as `text` (the author's handle, say).
    init(replyingTo tweet: Tweet, startingWith text: String, send: @escaping (String) -> Void) {
        self.send = send
        prefill = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var traits = TextInputTraits(keyboardType: .twitter, autocapitalizationType: .sentences)
        traits.isMultiline = true
        traits.returnKeyType = .default
        traits.maximumLength = Self.limit
        super.init(title: "Reply", sections: [
            FormSection(header: "Replying to \(tweet.handle)", footer: "Ctrl-S sends; Esc cancels.", fields: [
                FormField(key: "text", placeholder: "Tweet your reply", traits: traits),
            ]),
        ], values: ["text": text], showsLabels: false, saveTitle: "Send")
        formDelegate = self
    }

    /// The text as it would be sent.
    private var text: String { (values["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }

    /// Whether the text says something besides the handle it started with.
    private var saysSomething: Bool { !text.isEmpty && text != prefill }

    private var canSend: Bool { saysSomething && text.count <= Self.limit }

    override var rightBarButtonItems: [BarButtonItem] {
        super.rightBarButtonItems.map { item in
            var item = item
            if item.id == .formSave { item.isEnabled = canSend }
            return item
        }
    }

    func formEditor(_ form: FormEditor, didSave values: [String: String]) -> FormSaveResult {
        guard canSend else { return .failed(saysSomething ? "A tweet takes at most \(Self.limit) characters." : "There is nothing to send yet.") }
        send(text)
        return .saved(.pop)
    }
}
