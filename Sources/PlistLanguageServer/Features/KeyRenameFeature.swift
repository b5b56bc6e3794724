// `textDocument/prepareRename`, `textDocument/rename` and `textDocument/references` for keys
// (issue #42). A custom key of an Info.plist is renamed with its entries in every InfoPlist.strings
// and InfoPlist.xcstrings its target builds (the localization attribution, issue #38), its XcodeGen
// `info.properties` member and the source literals that read it, in one WorkspaceEdit (the server
// writes nothing); a key the system or a framework reads by name is refused with the reason.
// References list the key, its translations, the `INFOPLIST_KEY_*` settings of the projects using
// the plist and the sources reading it by name. From a key of a translation file, both work on the
// Info.plist's key.
import LanguageServerProtocol
import PlistAnalysis
import PlistSchema
import PlistSupport
import PlistSyntax
import PlistWorkspace
import SourceEvidence
import XcodeProject

struct KeyRenameFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        // Each reads other files (the translations, the XcodeGen spec, the sources) from the disk:
        // on a thread of its own (`offPool`), never on the cooperative pool.
        handlers.document(PrepareRenameRequest.self) { request, snapshot, context in
            await context.readTranslations(for: snapshot)
            return try await Self.offPool {
                guard let subject = try KeySubject.resolve(snapshot, at: snapshot.offset(of: request.position), context: context) else {
                    return nil
                }
                if let refusal = subject.refusal { throw ResponseError.requestFailed(refusal) }
                return PrepareRenameResult(range: snapshot.range(of: subject.range), placeholder: subject.name)
            }
        }
        handlers.document(RenameRequest.self) { request, snapshot, context in
            await context.readTranslations(for: snapshot)
            return try await Self.offPool {
                guard let subject = try KeySubject.resolve(snapshot, at: snapshot.offset(of: request.position), context: context) else {
                    throw ResponseError.requestFailed("there is no key here to rename")
                }
                if let refusal = subject.refusal { throw ResponseError.requestFailed(refusal) }
                return try subject.renameEdit(to: request.newName, context: context)
            }
        }
        handlers.document(ReferencesRequest.self) { request, snapshot, context in
            await context.readTranslations(for: snapshot)
            return try await Self.offPool {
                guard let subject = try KeySubject.resolve(snapshot, at: snapshot.offset(of: request.position), context: context) else {
                    return nil
                }
                return subject.references(includeDeclaration: request.context.includeDeclaration, context: context)
            }
        }
    }

    /// `body` run on a thread of its own; its error, if it throws, thrown here.
    static func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await PlistLanguageServer.offPool { Result { try body() } }.get()
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        // The options object only for a client that said it sends prepareRename (LSP 3.17).
        capabilities.renameProvider =
            client.textDocument?.rename?.prepareSupport == true ? .value(RenameOptions(prepareProvider: true)) : .bool(true)
        capabilities.referencesProvider = .bool(true)
    }
}

/// A file other than the request's document, as the editor has it open or as it is on disk.
struct OtherFile {
    let path: String
    let uri: DocumentURI
    let text: [UInt8]
    /// The open document's version (nil: read from the disk).
    let version: Int?

    /// The file at `path`: the open document's text if it is open, else the disk's (nil: unreadable).
    static func read(_ path: String, context: RequestContext) -> OtherFile? {
        let uri = FileURI.uri(for: path)
        if let open = context.documents.snapshot(of: uri) {
            return OtherFile(path: path, uri: uri, text: Array(open.text.bytes), version: open.version)
        }
        guard let bytes = DiskProjectFileSystem().contents(of: path) else { return nil }
        return OtherFile(path: path, uri: uri, text: bytes, version: nil)
    }

    /// The LSP range of `range` in `text` (UTF-8 offsets). A leading byte order mark is not part of
    /// the text an editor shows, so it does not count on the first line.
    static func lspRange(_ range: Range<Int>, in text: [UInt8], index: LineIndex, encoding: PositionEncoding) -> LSPRange {
        let bom = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        func position(_ offset: Int) -> Position {
            let p = index.position(of: offset, in: encoding)
            let shift = bom && p.line == 0 ? (encoding == .utf8 ? 3 : 1) : 0
            return Position(line: p.line, character: max(0, p.character - shift))
        }
        return LSPRange(start: position(range.lowerBound), end: position(range.upperBound))
    }
}

/// The key a rename or references request is about, and the files it lives in.
struct KeySubject {
    /// The key's name (as the plist spells it).
    let name: String
    /// Its bytes in the request's document.
    let range: Range<Int>
    /// The plist holding the key (the request's document, or the Info.plist a translation file translates).
    let plistPath: String?
    let plistURI: DocumentURI?
    /// The plist's text when it is not the request's document (`snapshot` then is nil).
    let plistText: [UInt8]
    let plistVersion: Int?
    /// The request's document when it is the plist: its positions are converted with its own line index.
    let snapshot: DocumentSnapshot?
    let plist: PlistDocument?
    /// The key in the plist (nil: the plist lacks it, a translation file's leftover entry).
    let plistKey: RenameTarget?
    /// The translation files (paths) of the Info.plist, when known.
    let set: LocalizationSet?
    /// The request's document is a translation file at this path.
    let translationPath: String?
    /// Why the key must keep its name (nil: it may be renamed).
    let refusal: String?
    let encoding: PositionEncoding

    static func resolve(_ snapshot: DocumentSnapshot, at offset: Int, context: RequestContext) throws -> KeySubject? {
        let path = FileURI.path(of: snapshot.uri)
        let kind = context.kind(of: snapshot)
        if kind.isTranslation {
            guard kind.translatesInfoPlist, let path else { return nil }
            guard let target = KeyRenaming.target(in: snapshot.translation, at: offset) else { return nil }
            let set = context.translations.cache.set(forTranslationAt: path)
            var plistFile: OtherFile? = nil
            var plist: PlistDocument? = nil
            if let set, set.attribution.isKnown, let file = OtherFile.read(set.infoPlistPath, context: context),
                case .success(let text) = SourceDecoding.decode(file.text)
            {
                plistFile = OtherFile(path: file.path, uri: file.uri, text: text, version: file.version)
                plist = PlistDocument(text: text)
            }
            let plistKey = plist.flatMap { KeyRenaming.firstKey(named: target.name, in: $0) }
            var refusal = KeyRenaming.refusal(forKey: target.name, at: plistKey?.parent)
            if refusal == nil, let set, case .unknown(let reason) = set.attribution {
                refusal = "which Info.plist this file translates is unknown (\(reason)), so its other translations cannot be found"
            }
            return KeySubject(
                name: target.name, range: target.range, plistPath: plistFile?.path, plistURI: plistFile?.uri,
                plistText: plistFile?.text ?? [],
                plistVersion: plistFile?.version, snapshot: nil, plist: plist, plistKey: plistKey, set: set, translationPath: path,
                refusal: refusal ?? Self.unreadRefusal(set), encoding: snapshot.encoding)
        }
        let document = snapshot.document
        guard let target = KeyRenaming.target(in: document, at: offset) else { return nil }
        let role = kind.featureRole
        var set: LocalizationSet? = nil
        var refusal = KeyRenaming.refusal(forKey: target.name, at: target.parent, domain: role.keyDomain ?? .infoPlist)
        if role == .infoPlist, let path {
            set = context.translations.cache.set(forInfoPlistAt: path)
            if refusal == nil, let set, case .unknown(let reason) = set.attribution {
                refusal = "which files translate this Info.plist is unknown (\(reason)), so its translations would keep the old name"
            }
            refusal = refusal ?? Self.unreadRefusal(set)
        }
        return KeySubject(
            name: target.name, range: target.range, plistPath: path, plistURI: snapshot.uri, plistText: [],
            plistVersion: snapshot.version, snapshot: snapshot, plist: document, plistKey: target, set: set, translationPath: nil,
            refusal: refusal,
            encoding: snapshot.encoding)
    }

    /// A translation file the build uses that is there but too large to read: its entry would keep the old name.
    static func unreadRefusal(_ set: LocalizationSet?) -> String? {
        guard let unread = set?.unreadFiles.first else { return nil }
        return "\(KeyRenaming.displayName(unread.path)) is not read (\(unread.reason)), so its entry would keep the old name"
    }

    /// The translation files as they are now (open documents' text, else the disk's): the set's,
    /// or the request's own file alone when no Info.plist is found.
    func translationFiles(context: RequestContext) -> [(file: RenameFile, other: OtherFile)] {
        var paths = (set?.tables.map(\.path) ?? []) + (set?.catalogs.map(\.path) ?? [])
        if let translationPath, !paths.contains(translationPath) { paths.append(translationPath) }
        return paths.compactMap { path in
            guard let file = OtherFile.read(path, context: context) else { return nil }
            switch TranslationFile.reading(file.text, path: path) {
            case .table(let table, _):
                return (.table(path: path, table: table), OtherFile(path: path, uri: file.uri, text: table.text, version: file.version))
            case .catalog(let catalog):
                return (
                    .catalog(path: path, catalog: catalog), OtherFile(path: path, uri: file.uri, text: catalog.text, version: file.version)
                )
            }
        }
    }

    /// The XcodeGen `info.properties` member naming the key, when the plist is generated from a spec.
    func specSpan(context: RequestContext) -> SourceSpan? {
        guard let uri = plistURI, plistKey?.parent == [] else { return nil }
        guard let external = context.projects.input(for: uri).input?.externalKeys[name], external.source.hasSuffix("info.properties") else {
            return nil
        }
        return external.location
    }

    /// The source literals reading the key by name.
    func sourceUses(context: RequestContext) -> [(path: String, uses: [InfoKeyUse])] {
        context.sources.infoKeyUses(of: name, forPlistAt: plistPath ?? translationPath)
    }

    /// Converts byte ranges of the plist to LSP ranges: the open document's own line index, or one made for the file read.
    func plistRanges() -> (Range<Int>) -> LSPRange {
        if let snapshot { return { snapshot.range(of: $0) } }
        let text = plistText, index = LineIndex(plistText), encoding = encoding
        return { OtherFile.lspRange($0, in: text, index: index, encoding: encoding) }
    }

    func renameEdit(to newName: String, context: RequestContext) throws -> WorkspaceEdit {
        let translations = translationFiles(context: context)
        var changes: [(uri: DocumentURI, version: Int?, edits: [TextEdit])] = []
        func add(_ uri: DocumentURI, _ version: Int?, _ edits: [TextEdit]) {
            guard !edits.isEmpty else { return }
            if let i = changes.firstIndex(where: { $0.uri == uri }) {
                changes[i].edits += edits
            } else {
                changes.append((uri, version, edits))
            }
        }
        let plistDocument = plist ?? PlistDocument(text: [])
        let target = plistKey ?? RenameTarget(name: name, range: 0..<0, parent: nil)
        switch KeyRenaming.edits(renaming: target, in: plistDocument, to: newName, translations: translations.map(\.file)) {
        case .failure(let error): throw ResponseError.requestFailed("cannot rename '\(name)' to '\(newName)': \(error.message)")
        case .success(let result):
            if let uri = plistURI, !result.plist.isEmpty {
                let convert = plistRanges()
                add(
                    uri, plistVersion,
                    result.plist.map { TextEdit(range: convert($0.range), newText: String(decoding: $0.replacement, as: UTF8.self)) })
            }
            for fileEdits in result.files {
                guard let other = translations.first(where: { $0.other.path == fileEdits.path })?.other else { continue }
                let index = LineIndex(other.text)
                add(
                    other.uri, other.version,
                    fileEdits.edits.map {
                        TextEdit(
                            range: OtherFile.lspRange($0.range, in: other.text, index: index, encoding: encoding),
                            newText: String(decoding: $0.replacement, as: UTF8.self))
                    })
            }
        }
        // The spec XcodeGen writes the plist from: its key too, or the next generation brings the old one back.
        if let span = specSpan(context: context), let spec = OtherFile.read(span.path, context: context),
            span.range.upperBound <= spec.text.count
        {
            let written = String(decoding: spec.text[span.range], as: UTF8.self)
            let unquoted = written.trimmingQuotes
            if unquoted == name {
                let index = LineIndex(spec.text)
                add(
                    spec.uri, spec.version,
                    [
                        TextEdit(
                            range: OtherFile.lspRange(span.range, in: spec.text, index: index, encoding: encoding),
                            newText: Self.yamlKey(newName))
                    ])
            }
        }
        // The code reading the key by name: a plain literal stays one with the new name.
        let plainLiteral = !newName.contains("\"") && !newName.contains("\\")
        if plainLiteral {
            for (path, uses) in sourceUses(context: context) {
                let uri = FileURI.uri(for: path)
                let version = context.documents.snapshot(of: uri)?.version
                add(uri, version, uses.map { TextEdit(range: Self.range($0, encoding: encoding), newText: newName) })
            }
        }
        if context.clientCapabilities.workspace?.workspaceEdit?.documentChanges == true {
            return WorkspaceEdit(
                documentChanges: changes.map {
                    TextDocumentEdit(
                        textDocument: OptionalVersionedTextDocumentIdentifier(uri: $0.uri, version: $0.version), edits: $0.edits)
                })
        }
        var map: [DocumentURI: [TextEdit]] = [:]
        for change in changes { map[change.uri, default: []] += change.edits }
        return WorkspaceEdit(changes: map)
    }

    /// Every place the key is: the plist's keys of that name (the declaration), the translations'
    /// entries, the XcodeGen spec's member, the `INFOPLIST_KEY_*` settings, the source literals.
    func references(includeDeclaration: Bool, context: RequestContext) -> [Location] {
        var out: [Location] = []
        if includeDeclaration, let uri = plistURI, let plist {
            let convert = plistRanges()
            for range in KeyRenaming.keyRanges(named: name, in: plist) { out.append(Location(uri: uri, range: convert(range))) }
        }
        for (file, other) in translationFiles(context: context) {
            let ranges = file.keyRanges(named: name)
            guard !ranges.isEmpty else { continue }
            let index = LineIndex(other.text)
            out += ranges.map { Location(uri: other.uri, range: OtherFile.lspRange($0, in: other.text, index: index, encoding: encoding)) }
        }
        var projectFiles: [String] = []
        if let span = specSpan(context: context), let spec = OtherFile.read(span.path, context: context) {
            out.append(
                Location(
                    uri: spec.uri, range: OtherFile.lspRange(span.range, in: spec.text, index: LineIndex(spec.text), encoding: encoding)))
        }
        if let plistPath { projectFiles = context.projects.projectFiles(forPlistAt: plistPath) }
        for path in projectFiles {
            guard let file = OtherFile.read(path, context: context) else { continue }
            let ranges = InfoPlistKeySettings.occurrences(of: name, in: file.text)
            guard !ranges.isEmpty else { continue }
            let index = LineIndex(file.text)
            out += ranges.map { Location(uri: file.uri, range: OtherFile.lspRange($0, in: file.text, index: index, encoding: encoding)) }
        }
        for (path, uses) in sourceUses(context: context) {
            out += uses.map { Location(uri: FileURI.uri(for: path), range: Self.range($0, encoding: encoding)) }
        }
        return out
    }

    static func range(_ use: InfoKeyUse, encoding: PositionEncoding) -> LSPRange {
        LSPRange(
            start: Position(line: use.start.line, character: use.start.column(in: encoding)),
            end: Position(line: use.end.line, character: use.end.column(in: encoding)))
    }

    /// A YAML mapping key: plain when it is a simple name, else double-quoted (JSON escapes are YAML's).
    static func yamlKey(_ name: String) -> String {
        let plain =
            name.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "_")
                    || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
            } && name.first.map { !$0.isNumber && $0 != "-" && $0 != "." } == true
        return plain ? name : JSONText.quoted(name)
    }
}

extension String {
    /// The text without one pair of surrounding `"` or `'`.
    var trimmingQuotes: String {
        if count >= 2, let f = first, let l = last, f == l, f == "\"" || f == "'" { return String(dropFirst().dropLast()) }
        return self
    }
}
