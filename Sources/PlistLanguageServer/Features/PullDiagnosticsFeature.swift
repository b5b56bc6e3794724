// `textDocument/diagnostic`: pull diagnostics, for clients that support them.
import LanguageServerProtocol

/// Answers `textDocument/diagnostic` with the same diagnostics as `publishDiagnostics`, and
/// `unchanged` when the client already has the result for this content, configuration and
/// source evidence.
struct PullDiagnosticsFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentDiagnosticRequest.self) { request, snapshot, context in
            try await context.settledProjects()
            let evidence = context.evidence(for: snapshot)
            let project = context.project(for: snapshot)
            let resultID = "\(snapshot.id).\(context.configuration.generation).\(evidence.generation).\(project.generation)"
            if request.previousResultId == resultID { return .unchanged(resultId: resultID) }
            let items = context.diagnostics.diagnostics(for: snapshot, configuration: context.configuration, evidence: evidence, project: project)
            try Task.checkCancellation()
            return .full(resultId: resultID, items: items)
        }
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        // Announced only to clients that pull, which then get no pushed diagnostics (both would
        // show every problem twice in VS Code). The request is answered in either case.
        if client.textDocument?.diagnostic != nil {
            capabilities.diagnosticProvider = DiagnosticOptions(
                identifier: "plist", interFileDependencies: false, workspaceDiagnostics: false)
        }
    }
}
