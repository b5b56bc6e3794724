// `textDocument/completion` and `completionItem/resolve`: keys, values, Booleans, element names and
// close tags from `PlistAnalysis.Completion`, converted to LSP items in the client's terms.
import LanguageServerProtocol
import PlistAnalysis
import PlistSchema
import PlistSyntax
import PlistSupport
import PlistWorkspace

/// Completion, with key documentation rendered on resolve (so a list stays small and fast).
struct CompletionFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(CompletionRequest.self) { request, snapshot, context in
            let offset = snapshot.offset(of: request.position)
            let kind = context.kind(of: snapshot)
            if kind.isTranslation {
                // An InfoPlist.strings: the Info.plist's keys; any other strings table or catalog: nothing of ours.
                guard kind.format == .stringsTable, kind.translatesInfoPlist else { return nil }
                await context.readTranslations(for: snapshot)
                return Self.translationKeys(snapshot, offset: offset, translations: context.translations.cache)
            }
            // `>` triggers only right after `<key>`; elsewhere it just ends a tag.
            if request.context?.triggerCharacter == ">", !snapshot.text[..<offset].reversed().starts(with: Array("<key>".utf8).reversed()) {
                return nil
            }
            let itemCapabilities = context.clientCapabilities.textDocument?.completion?.completionItem
            let options = CompletionStyle(
                snippets: itemCapabilities?.snippetSupport ?? false,
                multiLine: Self.appliesMultiLineEdits(itemCapabilities))
            let result = Completion.complete(in: snapshot.document, at: offset, fileKind: kind.featureRole, options: options)
            let labelDetails = itemCapabilities?.labelDetailsSupport ?? false
            let tags = itemCapabilities?.tagSupport?.valueSet?.contains(.deprecated) ?? false
            let items = result.items.map { Self.item($0, snapshot: snapshot, labelDetails: labelDetails, tags: tags) }
            return CompletionList(isIncomplete: result.isIncomplete, items: items)
        }
        handlers.freestanding(CompletionItemResolveRequest.self) { request, context in
            var item = request.item
            guard item.documentation == nil, let reference = Self.reference(from: item.data) else { return item }
            let formats = context.clientCapabilities.textDocument?.completion?.completionItem?.documentationFormat ?? []
            let markdown = formats.isEmpty || formats.first == .markdown
            if let text = Completion.documentation(for: reference, markdown: markdown) {
                item.documentation = .markup(markdown ? .markdown(text) : .plaintext(text))
            }
            return item
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.completionProvider = CompletionOptions(
            triggerCharacters: ["<", "/", ">"], resolveProvider: true,
            completionItem: .init(labelDetailsSupport: true))
    }

    /// Whether the client applies an item's `textEdit` as an edit, so its text may span lines.
    ///
    /// No capability says so directly, and `snippetSupport` does not: Neovim 0.7–0.10's omnifunc (0.10
    /// declares snippets) inserts `textEdit.newText` as a completion *word*, and Vim stores a line break
    /// in a word as a NUL byte. `resolveSupport` does not either: it only says which properties may
    /// be filled in later, and users add it to the built-in client's capabilities. `insertReplaceSupport` and `insertTextModeSupport` (LSP 3.16) are
    /// declared only by completion engines that apply ranges and line breaks themselves (VS Code,
    /// nvim-cmp, blink.cmp, Helix); every other client gets one-line items, which any client inserts
    /// intact. Eglot 1.9 would apply multi-line edits but declares neither, so it gets one-line items
    /// too: a smaller completion, never a damaged file.
    static func appliesMultiLineEdits(_ item: TextDocumentClientCapabilities.Completion.CompletionItem?) -> Bool {
        guard let item else { return false }
        return item.insertReplaceSupport == true || !(item.insertTextModeSupport?.valueSet ?? []).isEmpty
    }

    /// One suggestion as an LSP item.
    static func item(_ s: CompletionSuggestion, snapshot: DocumentSnapshot, labelDetails: Bool, tags: Bool) -> CompletionItem {
        var detail = s.detail
        if !labelDetails, let display = s.displayName, display != s.label {
            detail = [display, s.detail].compactMap { $0 }.joined(separator: " · ")
        }
        let kind: CompletionItemKind
        switch s.kind {
        case .key: kind = .property
        case .value: kind = .value
        case .keyword: kind = .keyword
        case .element: kind = .keyword
        case .closeTag: kind = .keyword
        }
        return CompletionItem(
            label: s.label,
            labelDetails: labelDetails && s.displayName != nil && s.displayName != s.label
                ? CompletionItemLabelDetails(description: s.displayName) : nil,
            kind: kind,
            tags: s.deprecated && tags ? [.deprecated] : nil,
            detail: detail,
            deprecated: s.deprecated && !tags ? true : nil,
            sortText: s.sortText,
            filterText: s.filterText,
            insertTextFormat: s.isSnippet ? .snippet : .plainText,
            // A multi-line text carries its own indentation: lsp-mode, which adjusts indentation by
            // default, turned `\t\t<string>` into `\t  <string>` (nxml's two spaces after the tab).
            insertTextMode: s.edit.replacementText.utf8.contains(0x0A) ? .asIs : nil,
            textEdit: .textEdit(TextEdit(range: snapshot.range(of: s.edit.range), newText: s.edit.replacementText)),
            data: s.keyReference.map(Self.data(of:)))
    }

    /// `{"key", "domain", "parent"}`: enough to render the key's docs on resolve.
    static func data(of reference: KeyReference) -> JSONValue {
        .object([
            "key": .string(reference.name),
            "domain": .string(reference.domain.rawValue),
            "parent": .array(
                reference.parent.map { segment in
                    switch segment {
                    case .key(let key): return .string(key)
                    case .index(let index): return .int(index)
                    }
                }),
        ])
    }

    static func reference(from data: JSONValue?) -> KeyReference? {
        guard let data, let name = data["key"]?.stringValue,
            let domain = data["domain"]?.stringValue.flatMap(PlistDomain.init(rawValue:))
        else { return nil }
        let parent: [PathComponent] = (data["parent"]?.arrayValue ?? []).compactMap { value in
            if let key = value.stringValue { return .key(key) }
            if let index = value.intValue { return .index(index) }
            return nil
        }
        return KeyReference(name: name, parent: parent, domain: domain)
    }
}

/// The settings the editor features read (parsed once in `ServerConfiguration.analysis`).
enum FeatureSettings {
    /// The role the features serve the file in: its kind's (`RequestContext.kind(of:)`, the one
    /// the analysis checks it as), `.other` for a translation.
    static func fileKind(_ snapshot: DocumentSnapshot, _ context: RequestContext) -> FileKind {
        context.kind(of: snapshot).featureRole
    }

    /// Whether the client reads Markdown in hovers (plain text when it lists only plaintext).
    static func hoverMarkdown(_ context: RequestContext) -> Bool {
        guard let formats = context.clientCapabilities.textDocument?.hover?.contentFormat, !formats.isEmpty else { return true }
        return formats.first == .markdown
    }

    /// The `inlayHints` setting: `false`, or `{"enabled": false}`, turns the hints off.
    static func inlayHints(_ context: RequestContext) -> Bool { context.configuration.analysis.inlayHints }
}

extension CompletionFeature {
    /// In an InfoPlist.strings: the Info.plist's translatable keys (issue #31), each replacing the
    /// line's text before the cursor with `"KEY" = "base text";`. None in a String Catalog (Xcode edits those).
    static func translationKeys(_ snapshot: DocumentSnapshot, offset: Int, translations: LocalizationSetCache) -> CompletionList? {
        let bytes = snapshot.text.bytes
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        while start < offset, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        let typed = String(decoding: bytes[start..<offset], as: UTF8.self)
        // Only where a key starts: nothing typed, or a key without its '='.
        guard !typed.contains("=") && !typed.contains(";") else { return CompletionList(isIncomplete: false, items: []) }
        let quote = typed.hasPrefix("\"") ? "\"" : ""
        let file = snapshot.translation
        let range = snapshot.range(of: start..<offset)
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D { lineEnd += 1 }
        // The server narrows the list to the typed text (Neovim's omnifunc and the Emacs style show
        // what it sends), so the client asks again as the text grows.
        let items = LocalizationFeatures.completions(
            in: file, infoPlist: translations.infoPlist(forTranslationAt: FileURI.path(of: snapshot.uri) ?? snapshot.uri),
            typed: typed, typing: start..<lineEnd
        )
        .enumerated().map { i, c in
            CompletionItem(
                label: c.label, kind: .property, detail: c.detail, sortText: String(String(10000 + i).dropFirst()),
                filterText: quote + c.filterText, textEdit: .textEdit(TextEdit(range: range, newText: c.insertText)))
        }
        return CompletionList(isIncomplete: !typed.isEmpty, items: items)
    }
}
