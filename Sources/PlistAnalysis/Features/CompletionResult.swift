// The proposals at an offset.

/// The proposals at an offset.
public struct CompletionResult: Sendable, Hashable {
    public var items: [CompletionSuggestion]
    /// More items exist (the limit cut the list, or the typed text narrowed it): ask again on the next keystroke.
    public var isIncomplete: Bool
    public init(items: [CompletionSuggestion], isIncomplete: Bool) {
        self.items = items
        self.isIncomplete = isIncomplete
    }
    public static let empty = CompletionResult(items: [], isIncomplete: false)
}
