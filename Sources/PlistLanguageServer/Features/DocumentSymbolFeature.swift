// `textDocument/documentSymbol`: the hierarchical outline of keys and values (`Navigation.symbols`).
import LanguageServerProtocol
import PlistAnalysis

/// The outline: key names, value type and Xcode name as detail, nested dictionaries and arrays,
/// array items named by their content.
struct DocumentSymbolFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentSymbolRequest.self) { _, snapshot, context in
            Navigation.symbols(in: snapshot.document, fileKind: FeatureSettings.fileKind(snapshot, context), style: Self.style(context))
                .map { Self.convert($0, snapshot) }
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.documentSymbolProvider = .bool(true)
    }

    /// Xcode names lead the detail where the client shows no inlay hints (it declares no
    /// `textDocument.inlayHint`: Neovim before 0.10, Eglot 1.9) or the user turned them off.
    static func style(_ context: RequestContext) -> OutlineStyle {
        OutlineStyle(xcodeNameFirst: context.clientCapabilities.textDocument?.inlayHint == nil || !FeatureSettings.inlayHints(context))
    }

    static func convert(_ symbol: PlistSymbol, _ snapshot: DocumentSnapshot) -> DocumentSymbol {
        let kind: SymbolKind
        switch symbol.kind {
        case .dictionary: kind = .object
        case .array: kind = .array
        case .string: kind = .string
        case .integer, .real: kind = .number
        case .boolean: kind = .boolean
        case .date, .data: kind = .constant
        case .missing: kind = .key
        }
        return DocumentSymbol(
            name: symbol.name.isEmpty ? "(empty key)" : symbol.name, detail: symbol.detail, kind: kind,
            tags: symbol.deprecated ? [.deprecated] : nil,
            range: snapshot.range(of: symbol.range), selectionRange: snapshot.range(of: symbol.selectionRange),
            children: symbol.children.isEmpty ? nil : symbol.children.map { convert($0, snapshot) })
    }
}
