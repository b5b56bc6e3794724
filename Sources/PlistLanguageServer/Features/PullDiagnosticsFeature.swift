// `textDocument/diagnostic` and `workspace/diagnostic`: pull diagnostics, for clients that support them.
import LanguageServerProtocol
import PlistSupport
import PlistWorkspace

/// Answers `textDocument/diagnostic` with the same diagnostics as `publishDiagnostics`, and
/// `unchanged` when the client already has the result for this content and these inputs
/// (`AnalysisInputs`: configuration, source evidence, projects, translations); and `workspace/diagnostic` with a report for every property list of the
/// workspace (`WorkspaceDiagnostics`), streamed as `$/progress` when the client gives a
/// `partialResultToken`.
struct PullDiagnosticsFeature: ServerFeature {
    func register(_ handlers: inout RequestHandlers) {
        handlers.document(DocumentDiagnosticRequest.self) { request, snapshot, context in
            try await context.settledProjects()
            await context.readTranslations(for: snapshot)
            let evidence = context.evidence(for: snapshot)
            let project = context.project(for: snapshot)
            // The id names every input the analysis reads (the translations and the projects too)
            // and then the findings: the same inputs answer `unchanged` without analysing; other
            // inputs are analysed, and answer `unchanged` only when the findings are the same (a
            // generation also goes up for a change elsewhere), never with stale findings.
            let inputs =
                AnalysisInputs(
                    configuration: context.configuration, evidence: evidence, project: project, translations: context.translations.cache
                ).resultID(content: snapshot.id)
                + ":"
            let previous = request.previousResultId
            if let previous, previous.hasPrefix(inputs) { return .unchanged(resultId: previous) }
            let items = context.diagnostics.diagnostics(
                for: snapshot, configuration: context.configuration, evidence: evidence, project: project,
                translations: context.translations.cache)
            try Task.checkCancellation()
            let findings = WorkspaceDiagnostics.resultID(items)
            if let previous, previous.hasSuffix(":" + findings) { return .unchanged(resultId: inputs + findings) }
            return .full(resultId: inputs + findings, items: items)
        }
        handlers.freestanding(WorkspaceDiagnosticRequest.self) { request, context in
            try await Self.workspaceReport(request, context: context)
        }
    }

    /// Every file's report, in batches: each batch is read off the pool, analysed, and sent as
    /// `$/progress` when the client asked for partial results (the answer is then empty).
    /// Cancellation is checked between files.
    static func workspaceReport(_ request: WorkspaceDiagnosticRequest, context: RequestContext) async throws -> WorkspaceDiagnosticReport {
        // The projects decide which files there are and what each one's findings are: a report
        // made while they are read would change on the next request. A document's pull waits 2 s
        // at most (a keystroke's answer); this background request waits for the read (cancellable).
        try await context.settledProjects(limit: .seconds(120))
        var previous: [String: String] = [:]
        for id in request.previousResultIds { previous[FileURI.path(of: id.uri) ?? id.uri] = id.value }
        var open: [String: DocumentSnapshot] = [:]
        for snapshot in context.documents.snapshots {
            if let path = FileURI.path(of: snapshot.uri) { open[path] = snapshot }
        }
        let paths = await WorkspaceDiagnostics.paths(roots: context.workspaceRoots, projectPlists: context.projects.plistPaths)
        try Task.checkCancellation()
        var items: [WorkspaceDocumentDiagnosticReport] = []
        var start = 0
        while start < paths.count {
            let batch = Array(paths[start..<min(start + WorkspaceDiagnostics.batchSize, paths.count)])
            start += batch.count
            let contents = await WorkspaceDiagnostics.read(batch.map { open[$0] == nil ? $0 : "" })
            await context.translations.read(forFiles: Array(zip(batch, contents)), projects: context.projects)
            var reports: [WorkspaceDocumentDiagnosticReport] = []
            for (path, bytes) in zip(batch, contents) {
                try Task.checkCancellation()
                if let report = context.workspace.report(
                    path: path, open: open[path], bytes: bytes, previous: previous[path], context: context)
                {
                    reports.append(report)
                }
            }
            if let token = request.partialResultToken {
                if !reports.isEmpty {
                    try context.connection.send(
                        ProgressNotification(token: token, value: JSONValue(encoding: WorkspaceDiagnosticReport(items: reports))))
                }
            } else {
                items += reports
            }
        }
        try Task.checkCancellation()
        context.workspace.keepOnly(paths)
        return WorkspaceDiagnosticReport(items: items)
    }

    func announce(_ capabilities: inout ServerCapabilities, client: ClientCapabilities) {
        // Announced only to clients that pull, which then get no pushed diagnostics (both would
        // show every problem twice in VS Code). The requests are answered in either case.
        if client.textDocument?.diagnostic != nil {
            capabilities.diagnosticProvider = Self.options
        }
    }

    /// What the server announces of its pull diagnostics. A file's diagnostics depend on other
    /// files (its translations, its project's build settings and targets, the source code), so
    /// `interFileDependencies` is true: a client may pull the open files again when one changes.
    static let options = DiagnosticOptions(identifier: "plist", interFileDependencies: true, workspaceDiagnostics: true)
}
