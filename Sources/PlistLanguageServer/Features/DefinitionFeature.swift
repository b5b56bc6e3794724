// `textDocument/definition`: from a `$(VAR)` of a plist a project uses to the line that sets it
// (an .xcconfig, the project.pbxproj or project.yml), one place per distinct assignment; in a
// file XcodeGen writes from its spec (issue #42), from the file's root tag (where the
// `project-generated-file` warning is) to the spec's `properties:`, and from a key to its member there.
import LanguageServerProtocol
import PlistAnalysis
import PlistSyntax
import XcodeProject
import PlistWorkspace

/// Go to a build setting's definition.
struct DefinitionFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DefinitionRequest.self) { request, snapshot, context in
            guard let project = context.project(for: snapshot).input else { return nil }
            let offset = snapshot.offset(of: request.position)
            var spans = BuildSettingFeatures.definitions(in: snapshot.document, at: offset, project: project)
            if spans.isEmpty, let path = FileURI.path(of: snapshot.uri) {
                spans = Self.specSites(in: snapshot.document, at: offset, path: path, project: project)
            }
            guard !spans.isEmpty else { return nil }
            // The span's column counts UTF-8 bytes; a setting's name is ASCII, and so is what
            // precedes it on its line in every project file seen, so it is the same in UTF-16.
            return spans.map { span in
                let start = Position(line: span.line, character: span.column)
                let end = Position(line: span.line, character: span.column + span.range.count)
                return Location(uri: FileURI.uri(for: span.path), range: LSPRange(start: start, end: end))
            }
        }
    }

    /// In a file an XcodeGen spec writes: on a top-level key the spec sets, that key's member;
    /// before the root's content (the prolog, `<plist>`, the root's start tag), every `properties:`
    /// the file is written from.
    static func specSites(in document: PlistDocument, at offset: Int, path: String, project: ProjectInput) -> [SourceSpan] {
        guard let root = document.root else { return [] }
        for use in project.uses {
            guard let generated = project.role == .infoPlist ? use.target.infoProperties : use.target.entitlementProperties,
                let written = generated.path, GeneratedFileRule.names(written, path)
            else { continue }
            if case .key(let dictionary, let index) = document.context(at: offset).place, dictionary.element.start == root.element.start,
                let key = dictionary.entries[index].key?.text
            {
                return generated.keys[key].map { [$0] } ?? []
            }
            return offset <= root.element.startTagRange.upperBound ? generated.sites : []
        }
        return []
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.definitionProvider = .bool(true)
    }
}
