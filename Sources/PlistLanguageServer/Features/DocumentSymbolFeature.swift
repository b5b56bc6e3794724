// `textDocument/documentSymbol`: the hierarchical outline of keys and values (`Navigation.symbols`).
import LanguageServerProtocol
import PlistAnalysis

/// The outline: key names, value type and Xcode name as detail, nested dictionaries and arrays.
struct DocumentSymbolFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentSymbolRequest.self) { _, snapshot, context in
            Navigation.symbols(in: snapshot.document, fileKind: FeatureSettings.fileKind(snapshot, context))
                .map { Self.convert($0, snapshot) }
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.documentSymbolProvider = .bool(true)
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
