// `textDocument/formatting` and `textDocument/rangeFormatting`: the document as Xcode writes it
// (`PlistFormatter`), sent as the small edits that change it, so the editor's cursor and marks
// survive. A document with syntax errors gets no edits and a `window/showMessage` saying why.
import LanguageServerProtocol
import PlistAnalysis
import PlistSupport
import PlistSyntax
import PlistWorkspace

struct FormattingFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentFormattingRequest.self) { request, snapshot, context in
            try Self.edits(snapshot, context, request.options, range: nil)
        }
        handlers.document(DocumentRangeFormattingRequest.self) { request, snapshot, context in
            try Self.edits(snapshot, context, request.options, range: snapshot.byteRange(of: request.range))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.documentFormattingProvider = .bool(true)
        capabilities.documentRangeFormattingProvider = .bool(true)
    }

    /// The formatter's options: the `formatting` setting, or the editor's indentation when the
    /// setting says `"editor"`.
    static func options(_ configured: FormatterOptions, _ editor: LanguageServerProtocol.FormattingOptions) -> FormatterOptions {
        var options = configured
        if options.indentationFromEditor {
            options.indentation = editor.insertSpaces ? .spaces(min(max(editor.tabSize, 1), 16)) : .tabs
        }
        return options
    }

    static func edits(
        _ snapshot: DocumentSnapshot, _ context: RequestContext, _ editor: LanguageServerProtocol.FormattingOptions,
        range: Range<Int>?
    ) throws -> [TextEdit] {
        // The translations of an Info.plist are not property lists: never rewritten as one (issue #31).
        if !snapshot.format.isPropertyList { return [] }
        let options = options(context.configuration.analysis.formatting, editor)
        // A range is formatted at what the range costs (the walk and the check stop at it).
        let result =
            range.map { PlistFormatter.format(snapshot.document, options: options, range: $0) }
            ?? PlistFormatter.format(snapshot.document, options: options).map(\.edits)
        try Task.checkCancellation()
        switch result {
        case .failure(let refusal):
            let line = snapshot.position(of: refusal.range.lowerBound).line + 1
            let name = FileURI.path(of: snapshot.uri).map { PathName.lastComponent(of: $0) } ?? snapshot.uri
            let message = "plist-lsp did not format \(name): line \(line): \(refusal.description)"
            context.logger.warning(message)
            try? context.connection.send(ShowMessageNotification(type: .warning, message: message))
            return []
        case .success(let edits):
            return edits.map { TextEdit(range: snapshot.range(of: $0.range), newText: $0.replacementText) }
        }
    }
}
