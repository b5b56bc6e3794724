// `textDocument/codeAction`: the rules' fixes as `quickfix` actions linked to their diagnostics,
// and `source.fixAll` for every safe fix. The server never writes files: each action carries a
// WorkspaceEdit the editor applies.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax
import PlistWorkspace

struct CodeActionFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(CodeActionRequest.self) { request, snapshot, context in
            await context.readTranslations(for: snapshot)
            let all = context.diagnostics.analysisDiagnostics(
                for: snapshot, configuration: context.configuration,
                evidence: context.evidence(for: snapshot), project: context.project(for: snapshot),
                translations: context.translations.cache)
            try Task.checkCancellation()
            return Self.actions(
                for: request, snapshot: snapshot, diagnostics: all, provider: context.diagnostics, configuration: context.configuration,
                versioned: context.clientCapabilities.workspace?.workspaceEdit?.documentChanges == true,
                snippets: Self.snippetEncoding(context.clientCapabilities))
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.codeActionProvider = .value(CodeActionOptions(codeActionKinds: [.quickFix, .sourceFixAll]))
    }

    static func wants(_ kind: CodeActionKind, _ only: [CodeActionKind]?) -> Bool {
        guard let only else { return kind == .quickFix }
        return only.contains { kind.isSubkind(of: $0) }
    }

    /// How the client takes snippets in a code action's edit, if it does: LSP 3.18's
    /// `SnippetTextEdit` (`workspace.workspaceEdit.snippetEditSupport`), else rust-analyzer's
    /// `insertTextFormat` extension (`experimental.snippetTextEdit`, which Eglot and others read).
    /// Either travels in `documentChanges`.
    static func snippetEncoding(_ client: ClientCapabilities) -> TextEdit.SnippetEncoding? {
        if client.workspace?.workspaceEdit?.snippetEditSupport == true { return .snippetTextEdit }
        if client.experimental?["snippetTextEdit"]?.boolValue == true { return .insertTextFormat }
        return nil
    }

    static func actions(
        for request: CodeActionRequest, snapshot: DocumentSnapshot, diagnostics all: [Finding],
        provider: DiagnosticsProvider, configuration: ServerConfiguration, versioned: Bool, snippets: TextEdit.SnippetEncoding? = nil
    ) -> [CodeActionOrCommand] {
        func edit(_ replacements: [SourceEdit], snippet: TextEdit.SnippetEncoding? = nil) -> WorkspaceEdit {
            let edits = replacements.map { TextEdit(range: snapshot.range(of: $0.range), newText: $0.replacementText, snippet: snippet) }
            if versioned || snippet != nil {
                return WorkspaceEdit(documentChanges: [
                    TextDocumentEdit(
                        textDocument: OptionalVersionedTextDocumentIdentifier(uri: snapshot.uri, version: snapshot.version), edits: edits)
                ])
            }
            return WorkspaceEdit(changes: [snapshot.uri: edits])
        }
        var out: [CodeActionOrCommand] = []
        let only = request.context.only
        if wants(.quickFix, only) {
            let bytes = snapshot.byteRange(of: request.range)
            // The diagnostics the client sent (matched by rule and range), else those touching the range.
            let sent = Set(
                request.context.diagnostics.compactMap { d -> String? in
                    guard case .string(let code)? = d.code else { return nil }
                    return "\(code)@\(d.range)"
                })
            for d in all where !d.fixes.isEmpty {
                let converted = provider.convert(d, in: snapshot, configuration: configuration)
                let touches = d.range.lowerBound <= bytes.upperBound && bytes.lowerBound <= d.range.upperBound
                guard touches || sent.contains("\(d.code)@\(converted.range)") else { continue }
                for fix in d.fixes {
                    // A fix with something to fill in lands the cursor there, in a client that takes snippets.
                    var change = snippets.flatMap { encoding in fix.snippetEdits.map { edit($0, snippet: encoding) } } ?? edit(fix.edits)
                    if !fix.otherFiles.isEmpty { change = Self.otherFilesEdit(fix, snapshot: snapshot, versioned: versioned) }
                    out.append(
                        .codeAction(
                            CodeAction(
                                title: fix.title, kind: .quickFix, diagnostics: [converted],
                                isPreferred: fix.isPreferred ? true : nil, edit: change)))
                }
            }
        }
        if let only, wants(.sourceFixAll, only) {
            let (edits, fixed) = FixApplication.safeEdits(of: all)
            if !edits.isEmpty {
                out.append(
                    .codeAction(
                        CodeAction(
                            title: "Fix all safe problems (\(fixed.count))", kind: .sourceFixAll,
                            diagnostics: fixed.map { provider.convert($0, in: snapshot, configuration: configuration) }, edit: edit(edits)))
                )
            }
        }
        return out
    }

    /// A fix that edits other files (a translation added to a locale's `InfoPlist.strings`): their
    /// edits, positioned in each file's own text, in one WorkspaceEdit.
    static func otherFilesEdit(_ fix: Fix, snapshot: DocumentSnapshot, versioned: Bool) -> WorkspaceEdit {
        var changes: [DocumentURI: [TextEdit]] = [:]
        if !fix.edits.isEmpty {
            changes[snapshot.uri] = fix.edits.map { TextEdit(range: snapshot.range(of: $0.range), newText: $0.replacementText) }
        }
        for file in fix.otherFiles {
            let index = LineIndex(file.text)
            func position(_ offset: Int) -> Position {
                let p = index.position(of: offset, in: snapshot.encoding)
                return Position(line: p.line, character: p.character)
            }
            changes[FileURI.uri(for: file.path), default: []] += file.edits.map {
                TextEdit(
                    range: LSPRange(start: position($0.range.lowerBound), end: position($0.range.upperBound)), newText: $0.replacementText)
            }
        }
        if versioned {
            return WorkspaceEdit(
                documentChanges: changes.sorted { $0.key < $1.key }.map {
                    TextDocumentEdit(textDocument: OptionalVersionedTextDocumentIdentifier(uri: $0.key, version: nil), edits: $0.value)
                })
        }
        return WorkspaceEdit(changes: changes)
    }
}
