// Editing tags by hand (`PlistAnalysis.TagEditing`): the matching tag highlighted
// (`textDocument/documentHighlight`), a tag pair renamed together (`textDocument/linkedEditingRange`),
// the close tag added as the `>` of a start tag is typed (`textDocument/onTypeFormatting`, trigger
// `>`), and a jump to the matching tag (`plist/matchingTag`). Only XML property lists: a
// translation file (`.strings`, `.xcstrings`) has no tags.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax

struct TagEditingFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentHighlightRequest.self) { request, snapshot, _ in
            guard Self.hasTags(snapshot) else { return nil }
            let ranges = TagEditing.highlights(in: snapshot.tree, at: snapshot.offset(of: request.position))
            return ranges.isEmpty ? nil : ranges.map { DocumentHighlight(range: snapshot.range(of: $0), kind: 1) }
        }
        handlers.document(LinkedEditingRangeRequest.self) { request, snapshot, _ in
            guard Self.hasTags(snapshot),
                let ranges = TagEditing.linkedRanges(in: snapshot.tree, at: snapshot.offset(of: request.position))
            else { return nil }
            return LinkedEditingRanges(ranges: ranges.map { snapshot.range(of: $0) }, wordPattern: "[A-Za-z_:][-A-Za-z0-9_.:]*")
        }
        handlers.document(DocumentOnTypeFormattingRequest.self) { request, snapshot, _ in
            guard request.ch == ">", Self.hasTags(snapshot),
                let edit = TagEditing.closeTag(in: snapshot.tree, afterTypingAt: snapshot.offset(of: request.position))
            else { return nil }
            return [TextEdit(range: snapshot.range(of: edit.range), newText: edit.replacementText)]
        }
        handlers.document(MatchingTagRequest.self) { request, snapshot, _ in
            guard Self.hasTags(snapshot),
                let offset = TagEditing.matchingTag(in: snapshot.tree, at: snapshot.offset(of: request.position))
            else { return nil }
            return snapshot.position(of: offset)
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.documentHighlightProvider = .bool(true)
        capabilities.linkedEditingRangeProvider = .bool(true)
        capabilities.documentOnTypeFormattingProvider = DocumentOnTypeFormattingOptions(firstTriggerCharacter: ">")
    }

    /// Whether the document is XML (a translation file is not).
    static func hasTags(_ snapshot: DocumentSnapshot) -> Bool {
        snapshot.format.isPropertyList
    }
}
