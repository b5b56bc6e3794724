// `textDocument/definition`: from a `$(VAR)` of a plist a project uses to the line that sets it
// (an .xcconfig, the project.pbxproj or project.yml), one place per distinct assignment.
import LanguageServerProtocol
import PlistAnalysis
import XcodeProject

/// Go to a build setting's definition.
struct DefinitionFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DefinitionRequest.self) { request, snapshot, context in
            guard let project = context.project(for: snapshot).input else { return nil }
            let spans = BuildSettingFeatures.definitions(in: snapshot.document, at: snapshot.offset(of: request.position), project: project)
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

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        capabilities.definitionProvider = .bool(true)
    }
}
