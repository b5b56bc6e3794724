import Foundation
import Testing
@testable import LanguageServerProtocol

@Suite struct BasicTypeTests {
    @Test func formattingRequests() throws {
        let whole = try roundTrip(
            DocumentFormattingRequest.self,
            #"{"textDocument":{"uri":"file:///p/Info.plist"},"options":{"tabSize":4,"insertSpaces":false,"insertFinalNewline":true}}"#)
        #expect(whole.options.tabSize == 4 && !whole.options.insertSpaces && whole.options.insertFinalNewline == true)
        let ranged = try roundTrip(
            DocumentRangeFormattingRequest.self,
            #"{"textDocument":{"uri":"file:///p/Info.plist"},"range":{"start":{"line":1,"character":0},"end":{"line":2,"character":5}},"options":{"tabSize":2,"insertSpaces":true}}"#
        )
        #expect(ranged.range.end == Position(line: 2, character: 5))
        // FormattingOptions may carry any other member (`[key: string]: boolean | integer | string`).
        let extra = try JSONDecoder().decode(
            FormattingOptions.self, from: Data(#"{"tabSize":8,"insertSpaces":true,"editor.custom":"x"}"#.utf8))
        #expect(extra.tabSize == 8)
        #expect(
            DocumentFormattingRequest.method == "textDocument/formatting"
                && DocumentRangeFormattingRequest.method == "textDocument/rangeFormatting")
    }

    @Test func positionRangeLocation() throws {
        let location = try roundTrip(
            Location.self, #"{"uri":"file:///p/Info.plist","range":{"start":{"line":1,"character":2},"end":{"line":3,"character":0}}}"#)
        #expect(location.range.start == Position(line: 1, character: 2))
        #expect(location.range.end.line == 3)
        #expect(Position(line: 1, character: 9) < Position(line: 2, character: 0))
    }

    @Test func documentIdentifiersAndItem() throws {
        try roundTrip(TextDocumentIdentifier.self, #"{"uri":"file:///a"}"#)
        let versioned = try roundTrip(VersionedTextDocumentIdentifier.self, #"{"uri":"file:///a","version":7}"#)
        #expect(versioned.version == 7)
        let item = try roundTrip(TextDocumentItem.self, #"{"uri":"file:///a","languageId":"plist","version":1,"text":"<plist>\n"}"#)
        #expect(item.languageId == "plist")
        #expect(item.text == "<plist>\n")
    }

    @Test func optionalVersionIsEncodedAsNull() throws {
        let identifier = try roundTrip(OptionalVersionedTextDocumentIdentifier.self, #"{"uri":"file:///a","version":null}"#)
        #expect(identifier.version == nil)
        try roundTrip(OptionalVersionedTextDocumentIdentifier.self, #"{"uri":"file:///a","version":4}"#)
    }

    @Test func workspaceEdit() throws {
        let edit = try roundTrip(
            WorkspaceEdit.self,
            #"""
            {"changes":{"file:///a":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"newText":"x"}]},
             "documentChanges":[{"textDocument":{"uri":"file:///b","version":3},"edits":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"newText":"y"}]}]}
            """#)
        #expect(edit.changes?["file:///a"]?.first?.newText == "x")
        #expect(edit.documentChanges?.first?.textDocument.version == 3)
        #expect(try encodeJSON(WorkspaceEdit()) == json("{}"))
    }

    @Test func markupAndCommand() throws {
        try roundTrip(MarkupContent.self, #"{"kind":"markdown","value":"*T*"}"#)
        let command = try roundTrip(Command.self, #"{"title":"Sort","command":"plist.sort","arguments":["file:///a",1]}"#)
        #expect(command.arguments == ["file:///a", 1])
        try roundTrip(Command.self, #"{"title":"T","command":"c"}"#)
    }
}

@Suite struct DiagnosticTypeTests {
    @Test func fullDiagnostic() throws {
        let diagnostic = try roundTrip(
            Diagnostic.self,
            #"""
            {"range":{"start":{"line":4,"character":2},"end":{"line":4,"character":9}},
             "severity":2,"code":"unknown-key","codeDescription":{"href":"https://example.com/k"},
             "source":"plist","message":"Unknown key","tags":[1,2],
             "relatedInformation":[{"location":{"uri":"file:///a","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}}},"message":"here"}],
             "data":{"fix":"CFBundleName","n":1}}
            """#)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.code == .string("unknown-key"))
        #expect(diagnostic.tags == [.unnecessary, .deprecated])
        #expect(diagnostic.data == ["fix": "CFBundleName", "n": 1])
        #expect(diagnostic.relatedInformation?.first?.message == "here")
    }

    @Test func minimalDiagnosticOmitsNils() throws {
        let diagnostic = try roundTrip(
            Diagnostic.self, #"{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"message":"m","code":12}"#)
        #expect(diagnostic.code == .int(12))
        #expect(diagnostic.severity == nil)
        let encoded = try encodeJSON(Diagnostic(range: LSPRange(Position(line: 0, character: 0)), message: "m"))
        #expect(encoded.objectValue?.keys.sorted() == ["message", "range"])
    }

    @Test func publishDiagnostics() throws {
        let params = try roundTrip(PublishDiagnosticsNotification.self, #"{"uri":"file:///a","version":3,"diagnostics":[]}"#)
        #expect(params.version == 3)
        try roundTrip(PublishDiagnosticsNotification.self, #"{"uri":"file:///a","diagnostics":[]}"#)
    }

    @Test func pullDiagnostics() throws {
        let params = try roundTrip(
            DocumentDiagnosticRequest.self, #"{"textDocument":{"uri":"file:///a"},"identifier":"plist","previousResultId":"r1"}"#)
        #expect(params.previousResultId == "r1")
        let full = try roundTrip(
            DocumentDiagnosticReport.self,
            #"{"kind":"full","resultId":"r2","items":[{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"message":"m","severity":1}]}"#
        )
        guard case .full(let resultId, let items) = full else {
            Issue.record("expected a full report")
            return
        }
        #expect(resultId == "r2")
        #expect(items.first?.severity == .error)
        #expect(try roundTrip(DocumentDiagnosticReport.self, #"{"kind":"unchanged","resultId":"r2"}"#) == .unchanged(resultId: "r2"))
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(DocumentDiagnosticReport.self, from: Data(#"{"kind":"partial","items":[]}"#.utf8))
        }
    }
}

@Suite struct LifecycleTypeTests {
    static let initializeParams = #"""
        {"processId":1234,"clientInfo":{"name":"Visual Studio Code","version":"1.90.0"},"locale":"en",
         "rootUri":"file:///work","initializationOptions":{"strict":true,"schema":["ios"]},"trace":"verbose",
         "workspaceFolders":[{"uri":"file:///work","name":"work"}],
         "capabilities":{
           "general":{"positionEncodings":["utf-8","utf-16"],"staleRequestSupport":{"cancel":true}},
           "workspace":{"applyEdit":true,"configuration":true,"workspaceFolders":true,"didChangeConfiguration":{"dynamicRegistration":true},"workspaceEdit":{"documentChanges":true}},
           "window":{"workDoneProgress":true},
           "textDocument":{
             "synchronization":{"dynamicRegistration":true,"didSave":true},
             "completion":{"completionItem":{"snippetSupport":true,"documentationFormat":["markdown","plaintext"],"insertReplaceSupport":true,"labelDetailsSupport":true,"tagSupport":{"valueSet":[1]}},"completionItemKind":{"valueSet":[1,2,30]},"contextSupport":true},
             "hover":{"contentFormat":["markdown","plaintext"]},
             "publishDiagnostics":{"relatedInformation":true,"tagSupport":{"valueSet":[1,2]},"versionSupport":true,"codeDescriptionSupport":true,"dataSupport":true},
             "diagnostic":{"dynamicRegistration":true,"relatedDocumentSupport":false},
             "codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["","quickfix","source.fixAll"]}},"isPreferredSupport":true,"resolveSupport":{"properties":["edit"]}},
             "documentSymbol":{"hierarchicalDocumentSymbolSupport":true},
             "foldingRange":{"lineFoldingOnly":true},
             "inlayHint":{"dynamicRegistration":false},
             "somethingNew":{"x":1}
           },
           "notebookDocument":{}
         }}
        """#

    @Test func initializeParams() throws {
        let params = try JSONDecoder().decode(InitializeRequest.self, from: Data(Self.initializeParams.utf8))
        #expect(params.processId == 1234)
        #expect(params.clientInfo == ClientInfo(name: "Visual Studio Code", version: "1.90.0"))
        #expect(params.rootUri == "file:///work")
        #expect(params.initializationOptions == ["strict": true, "schema": ["ios"]])
        #expect(params.trace == .verbose)
        #expect(params.workspaceFolders == [WorkspaceFolder(uri: "file:///work", name: "work")])
        let capabilities = params.capabilities
        #expect(capabilities.general?.positionEncodings == [.utf8, .utf16])
        #expect(capabilities.workspace?.configuration == true)
        #expect(capabilities.workspace?.applyEdit == true)
        #expect(capabilities.window?.workDoneProgress == true)
        let textDocument = try #require(capabilities.textDocument)
        #expect(textDocument.completion?.completionItem?.snippetSupport == true)
        #expect(textDocument.completion?.completionItemKind?.valueSet?.last == CompletionItemKind(rawValue: 30))
        #expect(textDocument.hover?.contentFormat == [.markdown, .plaintext])
        #expect(textDocument.publishDiagnostics?.versionSupport == true)
        #expect(textDocument.publishDiagnostics?.tagSupport?.valueSet == [.unnecessary, .deprecated])
        #expect(textDocument.diagnostic?.dynamicRegistration == true)
        #expect(textDocument.codeAction?.codeActionLiteralSupport?.codeActionKind.valueSet == [.empty, .quickFix, .sourceFixAll])
        #expect(textDocument.documentSymbol?.hierarchicalDocumentSymbolSupport == true)
        #expect(textDocument.inlayHint != nil)
        #expect(textDocument.synchronization?.didSave == true)
    }

    @Test func initializeParamsAreLenient() throws {
        // Minimal params, null processId/rootUri, and malformed capability members.
        let params = try JSONDecoder().decode(
            InitializeRequest.self,
            from: Data(
                #"""
                {"processId":null,"rootUri":null,"capabilities":{"textDocument":{"hover":{"contentFormat":"markdown"},"completion":{"completionItem":{"snippetSupport":"yes"}}},"general":7}}
                """#.utf8))
        #expect(params.processId == nil)
        #expect(params.capabilities.textDocument?.hover == nil)
        #expect(params.capabilities.textDocument?.completion?.completionItem?.snippetSupport == nil)
        #expect(params.capabilities.general == nil)
        let empty = try JSONDecoder().decode(InitializeRequest.self, from: Data("{}".utf8))
        #expect(empty.capabilities == ClientCapabilities())
    }

    @Test func initializeParamsEncodeRequiredNulls() throws {
        let encoded = try encodeJSON(InitializeRequest())
        #expect(encoded == json(#"{"processId":null,"rootUri":null,"capabilities":{}}"#))
    }

    @Test func initializeResult() throws {
        let result = try roundTrip(
            InitializeResult.self,
            #"""
            {"capabilities":{
               "positionEncoding":"utf-16",
               "textDocumentSync":{"openClose":true,"change":2,"save":{"includeText":false}},
               "completionProvider":{"triggerCharacters":["<","."],"resolveProvider":true},
               "hoverProvider":true,
               "codeActionProvider":{"codeActionKinds":["quickfix","source.fixAll"],"resolveProvider":false},
               "documentSymbolProvider":true,"foldingRangeProvider":true,"selectionRangeProvider":true,
               "inlayHintProvider":{"resolveProvider":false},
               "diagnosticProvider":{"identifier":"plist","interFileDependencies":false,"workspaceDiagnostics":false},
               "executeCommandProvider":{"commands":["plist.sortKeys"]}},
             "serverInfo":{"name":"plist-lsp","version":"0.1.0"}}
            """#)
        let capabilities = result.capabilities
        #expect(capabilities.textDocumentSync?.change == .incremental)
        #expect(capabilities.textDocumentSync?.save == .value(SaveOptions(includeText: false)))
        #expect(capabilities.hoverProvider?.isEnabled == true)
        #expect(
            capabilities.codeActionProvider
                == .value(CodeActionOptions(codeActionKinds: [.quickFix, .sourceFixAll], resolveProvider: false)))
        #expect(capabilities.diagnosticProvider?.identifier == "plist")
        #expect(result.serverInfo?.name == "plist-lsp")
        // Built in code: nil members are omitted.
        let built = InitializeResult(capabilities: ServerCapabilities(hoverProvider: .bool(true)))
        #expect(try encodeJSON(built) == json(#"{"capabilities":{"hoverProvider":true}}"#))
    }

    @Test func protocolNotifications() throws {
        #expect(try roundTrip(CancelRequestNotification.self, #"{"id":3}"#).id == .int(3))
        #expect(try roundTrip(CancelRequestNotification.self, #"{"id":"a"}"#).id == .string("a"))
        #expect(try roundTrip(SetTraceNotification.self, #"{"value":"messages"}"#).value == .messages)
        try roundTrip(LogTraceNotification.self, #"{"message":"m","verbose":"v"}"#)
        try roundTrip(LogTraceNotification.self, #"{"message":"m"}"#)
        #expect(try roundTrip(LogMessageNotification.self, #"{"type":4,"message":"log"}"#).type == .log)
        #expect(try roundTrip(ShowMessageNotification.self, #"{"type":1,"message":"boom"}"#).type == .error)
        try roundTrip(InitializedNotification.self, "{}")
    }
}

@Suite struct TextSynchronizationTypeTests {
    @Test func didOpen() throws {
        let params = try roundTrip(
            DidOpenTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a","languageId":"xml","version":0,"text":"x"}}"#)
        #expect(params.textDocument.version == 0)
    }

    @Test func didChangeBothEventShapes() throws {
        let params = try roundTrip(
            DidChangeTextDocumentNotification.self,
            #"""
            {"textDocument":{"uri":"file:///a","version":5},"contentChanges":[
              {"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":4}},"rangeLength":2,"text":"ab"},
              {"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":"c"},
              {"text":"whole"}]}
            """#)
        #expect(params.textDocument.version == 5)
        #expect(params.contentChanges[0].rangeLength == 2)
        #expect(params.contentChanges[1].range?.start == Position(line: 0, character: 0))
        #expect(params.contentChanges[2].range == nil)
        #expect(params.contentChanges[2].text == "whole")
    }

    @Test func didCloseAndDidSave() throws {
        try roundTrip(DidCloseTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a"}}"#)
        #expect(try roundTrip(DidSaveTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a"},"text":"t"}"#).text == "t")
        #expect(try roundTrip(DidSaveTextDocumentNotification.self, #"{"textDocument":{"uri":"file:///a"}}"#).text == nil)
    }
}

@Suite struct LanguageFeatureTypeTests {
    @Test func completionParams() throws {
        let params = try roundTrip(
            CompletionRequest.self,
            #"{"textDocument":{"uri":"file:///a"},"position":{"line":1,"character":1},"context":{"triggerKind":2,"triggerCharacter":"<"}}"#)
        #expect(params.context?.triggerKind == .triggerCharacter)
        #expect(params.context?.triggerCharacter == "<")
        #expect(
            try roundTrip(CompletionRequest.self, #"{"textDocument":{"uri":"file:///a"},"position":{"line":0,"character":0}}"#).context
                == nil)
    }

    @Test func completionList() throws {
        let list = try roundTrip(
            CompletionList.self,
            #"""
            {"isIncomplete":false,"items":[
              {"label":"CFBundleName","labelDetails":{"detail":" string","description":"Bundle name"},"kind":10,"tags":[1],
               "detail":"string","documentation":{"kind":"markdown","value":"The **name**"},"deprecated":false,"preselect":true,
               "sortText":"a","filterText":"CFBundleName","insertText":"<key>$1</key>","insertTextFormat":2,
               "textEdit":{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":3}},"newText":"CFBundleName"},
               "additionalTextEdits":[{"range":{"start":{"line":9,"character":0},"end":{"line":9,"character":0}},"newText":"\n"}],
               "commitCharacters":[">"],"data":{"key":"CFBundleName"}},
              {"label":"b","documentation":"plain docs","textEdit":{"newText":"b","insert":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"replace":{"start":{"line":0,"character":0},"end":{"line":0,"character":2}}}}]}
            """#)
        let first = list.items[0]
        #expect(first.kind == .property)
        #expect(first.insertTextFormat == .snippet)
        #expect(first.documentation == .markup(.markdown("The **name**")))
        #expect(first.labelDetails?.description == "Bundle name")
        guard case .textEdit(let edit) = first.textEdit else {
            Issue.record("expected a plain text edit")
            return
        }
        #expect(edit.newText == "CFBundleName")
        #expect(list.items[1].documentation == .string("plain docs"))
        guard case .insertReplace(let insertReplace) = list.items[1].textEdit else {
            Issue.record("expected an insert/replace edit")
            return
        }
        #expect(insertReplace.replace.end.character == 2)
        // completionItem/resolve params are a bare CompletionItem.
        let resolve = try roundTrip(CompletionItemResolveRequest.self, #"{"label":"x","data":1}"#)
        #expect(resolve.item.data == 1)
    }

    @Test func hover() throws {
        try roundTrip(HoverRequest.self, #"{"textDocument":{"uri":"file:///a"},"position":{"line":3,"character":7}}"#)
        let hover = try roundTrip(
            Hover.self,
            #"{"contents":{"kind":"markdown","value":"**CFBundleName**"},"range":{"start":{"line":3,"character":5},"end":{"line":3,"character":17}}}"#
        )
        #expect(hover.contents.kind == .markdown)
        try roundTrip(Hover.self, #"{"contents":{"kind":"plaintext","value":"x"}}"#)
    }

    @Test func definition() throws {
        let params = try roundTrip(DefinitionRequest.self, #"{"textDocument":{"uri":"file:///a"},"position":{"line":4,"character":14}}"#)
        #expect(params.position.character == 14)
        try roundTrip(
            [Location].self,
            #"[{"uri":"file:///p/Config/Version.xcconfig","range":{"start":{"line":0,"character":0},"end":{"line":0,"character":11}}}]"#)
    }

    @Test func codeAction() throws {
        let params = try roundTrip(
            CodeActionRequest.self,
            #"""
            {"textDocument":{"uri":"file:///a"},"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":5}},
             "context":{"diagnostics":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":5}},"message":"m","code":"dup"}],"only":["quickfix"],"triggerKind":1}}
            """#)
        #expect(params.context.only == [.quickFix])
        #expect(params.context.triggerKind == .invoked)
        #expect(params.context.diagnostics.first?.code == "dup")
        let actions = try roundTrip(
            [CodeActionOrCommand].self,
            #"""
            [{"title":"Remove duplicate","kind":"quickfix","isPreferred":true,
              "diagnostics":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":5}},"message":"m"}],
              "edit":{"changes":{"file:///a":[{"range":{"start":{"line":1,"character":0},"end":{"line":2,"character":0}},"newText":""}]}},
              "data":{"id":1}},
             {"title":"Run","command":"plist.check","arguments":[]},
             {"title":"Fix all","kind":"source.fixAll","command":{"title":"Fix","command":"plist.fixAll"}}]
            """#)
        guard case .codeAction(let action) = actions[0], case .command(let command) = actions[1],
            case .codeAction(let withCommand) = actions[2]
        else {
            Issue.record("wrong code action shapes: \(actions)")
            return
        }
        #expect(action.isPreferred == true)
        #expect(action.edit?.changes?["file:///a"]?.count == 1)
        #expect(command.command == "plist.check")
        #expect(withCommand.command?.command == "plist.fixAll")
        #expect(CodeActionKind.sourceFixAll.rawValue == "source.fixAll")
        #expect(CodeActionKind("source.fixAll.plist").isSubkind(of: .source))
        #expect(!CodeActionKind("sourcery").isSubkind(of: .source))
        #expect(CodeActionKind.quickFix.isSubkind(of: .empty))
    }

    @Test func documentSymbols() throws {
        try roundTrip(DocumentSymbolRequest.self, #"{"textDocument":{"uri":"file:///a"}}"#)
        let symbols = try roundTrip(
            [DocumentSymbol].self,
            #"""
            [{"name":"root","kind":19,"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"selectionRange":{"start":{"line":0,"character":0},"end":{"line":0,"character":6}},
              "children":[{"name":"CFBundleName","detail":"string","kind":20,"tags":[1],"deprecated":true,
                "range":{"start":{"line":1,"character":2},"end":{"line":2,"character":20}},"selectionRange":{"start":{"line":1,"character":7},"end":{"line":1,"character":19}}}]}]
            """#)
        #expect(symbols[0].kind == .object)
        #expect(symbols[0].children?.first?.kind == .key)
        #expect(symbols[0].children?.first?.tags == [.deprecated])
    }

    @Test func foldingRanges() throws {
        try roundTrip(FoldingRangeRequest.self, #"{"textDocument":{"uri":"file:///a"}}"#)
        let ranges = try roundTrip(
            [FoldingRange].self,
            #"[{"startLine":1,"endLine":5},{"startLine":6,"startCharacter":4,"endLine":8,"endCharacter":2,"kind":"comment","collapsedText":"…"}]"#
        )
        #expect(ranges[1].kind == .comment)
        #expect(ranges[0].startCharacter == nil)
    }

    @Test func selectionRanges() throws {
        let params = try roundTrip(
            SelectionRangeRequest.self, #"{"textDocument":{"uri":"file:///a"},"positions":[{"line":1,"character":2}]}"#)
        #expect(params.positions.count == 1)
        let range = try roundTrip(
            SelectionRange.self,
            #"""
            {"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":4}},
             "parent":{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":9}},
                       "parent":{"range":{"start":{"line":0,"character":0},"end":{"line":5,"character":0}}}}}
            """#)
        #expect(range.parent?.range.end.character == 9)
        #expect(range.parent?.parent?.range.end.line == 5)
        #expect(range.parent?.parent?.parent == nil)
    }

    @Test func inlayHints() throws {
        try roundTrip(
            InlayHintRequest.self,
            #"{"textDocument":{"uri":"file:///a"},"range":{"start":{"line":0,"character":0},"end":{"line":99,"character":0}}}"#)
        let hints = try roundTrip(
            [InlayHint].self,
            #"""
            [{"position":{"line":2,"character":30},"label":"= 1.0","kind":1,"paddingLeft":true,"paddingRight":false,"tooltip":"resolved"},
             {"position":{"line":3,"character":0},"label":[{"value":"a","tooltip":{"kind":"markdown","value":"*a*"}}],"kind":2,"tooltip":{"kind":"plaintext","value":"t"}}]
            """#)
        #expect(hints[0].label == "= 1.0")
        #expect(hints[0].kind == .type)
        #expect(hints[0].tooltip == .string("resolved"))
        #expect(hints[1].label == .parts([InlayHintLabelPart(value: "a", tooltip: .markup(.markdown("*a*")))]))
    }

    @Test func semanticTokens() throws {
        try roundTrip(SemanticTokensRequest.self, #"{"textDocument":{"uri":"file:///a"}}"#)
        let delta = try roundTrip(SemanticTokensDeltaRequest.self, #"{"textDocument":{"uri":"file:///a"},"previousResultId":"7"}"#)
        #expect(delta.previousResultId == "7")
        let options = try roundTrip(
            SemanticTokensOptions.self,
            #"{"legend":{"tokenTypes":["property","string"],"tokenModifiers":["deprecated"]},"range":false,"full":{"delta":true}}"#)
        #expect(options.full == .value(SemanticTokensFullOptions(delta: true)))
        let tokens = try roundTrip(SemanticTokens.self, #"{"resultId":"1","data":[2,5,3,0,3,0,5,4,1,0]}"#)
        #expect(tokens.data.count == 10)
        guard
            case .delta(let d) = try roundTrip(
                SemanticTokensDeltaResult.self,
                #"{"resultId":"2","edits":[{"start":5,"deleteCount":1,"data":[2]},{"start":9,"deleteCount":1}]}"#)
        else {
            Issue.record("expected a delta")
            return
        }
        #expect(d.edits[1].data == nil)
        guard case .full = try roundTrip(SemanticTokensDeltaResult.self, #"{"resultId":"3","data":[]}"#) else {
            Issue.record("expected whole tokens")
            return
        }
    }

    @Test func documentLinks() throws {
        try roundTrip(DocumentLinkRequest.self, #"{"textDocument":{"uri":"file:///a"}}"#)
        let links = try roundTrip(
            [DocumentLink].self,
            #"[{"range":{"start":{"line":1,"character":6},"end":{"line":1,"character":30}},"target":"https://developer.apple.com/x","tooltip":"Documentation of X"}]"#
        )
        #expect(links[0].target == "https://developer.apple.com/x")
    }

    @Test func snippetTextEdits() throws {
        // LSP 3.18's SnippetTextEdit and rust-analyzer's insertTextFormat, both kept as snippets.
        let edit = try roundTrip(
            TextDocumentEdit.self,
            #"""
            {"textDocument":{"uri":"file:///a","version":1},"edits":[
             {"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"snippet":{"kind":"snippet","value":"<string>${1:x}</string>$0"}},
             {"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"newText":"$0","insertTextFormat":2},
             {"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":0}},"newText":"$0"}]}
            """#)
        #expect(edit.edits.map(\.snippet) == [.snippetTextEdit, .insertTextFormat, nil])
        #expect(edit.edits[0].newText == "<string>${1:x}</string>$0")
        let capabilities = try JSONDecoder().decode(
            ClientCapabilities.self,
            from: Data(
                #"{"workspace":{"workspaceEdit":{"documentChanges":true,"snippetEditSupport":true}},"textDocument":{"semanticTokens":{"multilineTokenSupport":false,"requests":{"full":{"delta":true}}}}}"#
                    .utf8))
        #expect(capabilities.workspace?.workspaceEdit?.snippetEditSupport == true)
        #expect(capabilities.textDocument?.semanticTokens?.multilineTokenSupport == false)
    }
}

@Suite struct WorkspaceTypeTests {
    @Test func didChangeConfiguration() throws {
        let params = try roundTrip(DidChangeConfigurationNotification.self, #"{"settings":{"plist":{"strict":true}}}"#)
        #expect(params.settings["plist"]?["strict"] == true)
        #expect(try roundTrip(DidChangeConfigurationNotification.self, #"{"settings":null}"#).settings == .null)
    }

    @Test func configurationRequest() throws {
        let params = try roundTrip(ConfigurationRequest.self, #"{"items":[{"scopeUri":"file:///a","section":"plist"},{}]}"#)
        #expect(params.items[0].section == "plist")
        #expect(params.items[1] == ConfigurationItem())
        let response = try json(#"[{"strict":true},null]"#).decode(as: ConfigurationRequest.Response.self)
        #expect(response == [["strict": true], .null])
    }

    @Test func applyEdit() throws {
        let params = try roundTrip(
            ApplyEditRequest.self,
            #"{"label":"Sort keys","edit":{"documentChanges":[{"textDocument":{"uri":"file:///a","version":null},"edits":[]}]}}"#)
        #expect(params.label == "Sort keys")
        let result = try roundTrip(ApplyWorkspaceEditResult.self, #"{"applied":false,"failureReason":"stale","failedChange":0}"#)
        #expect(!result.applied)
        try roundTrip(ApplyWorkspaceEditResult.self, #"{"applied":true}"#)
    }

    @Test func executeCommandAndRegistration() throws {
        let params = try roundTrip(ExecuteCommandRequest.self, #"{"command":"plist.check","arguments":["file:///a"]}"#)
        #expect(params.arguments == ["file:///a"])
        let registration = try roundTrip(
            RegisterCapabilityRequest.self,
            #"{"registrations":[{"id":"1","method":"workspace/didChangeConfiguration","registerOptions":{"section":"plist"}}]}"#)
        #expect(registration.registrations[0].method == "workspace/didChangeConfiguration")
    }
}

@Suite struct WatchedFilesMessageTests {
    @Test func didChangeWatchedFiles() throws {
        let notification = try roundTrip(
            DidChangeWatchedFilesNotification.self,
            #"{"changes":[{"uri":"file:///p/App/A.swift","type":1},{"uri":"file:///p/App/B.m","type":2},{"uri":"file:///p/C.c","type":3}]}"#
        )
        #expect(notification.changes.map(\.type) == [.created, .changed, .deleted])
        guard
            case .notification(let decoded) = classify(
                #"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"file:///p/A.swift","type":2}]}}"#
            )
        else {
            Issue.record("expected a notification")
            return
        }
        #expect((decoded as? DidChangeWatchedFilesNotification)?.changes.first?.uri == "file:///p/A.swift")
    }

    @Test func watcherRegistration() throws {
        let request = try roundTrip(
            RegisterCapabilityRequest.self,
            #"""
            {"registrations":[{"id":"plist-lsp-sources","method":"workspace/didChangeWatchedFiles",
              "registerOptions":{"watchers":[{"globPattern":"**/*.{swift,m}"},{"globPattern":"**/*.c","kind":7}]}}]}
            """#)
        let options = try #require(request.registrations.first?.registerOptions).decode(as: DidChangeWatchedFilesRegistrationOptions.self)
        #expect(options.watchers == [FileSystemWatcher(globPattern: "**/*.{swift,m}"), FileSystemWatcher(globPattern: "**/*.c", kind: 7)])
    }

    @Test func clientCapabilityAndRefresh() throws {
        let capabilities = try JSONDecoder().decode(
            ClientCapabilities.self,
            from: Data(
                #"{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true,"relativePatternSupport":true},"diagnostics":{"refreshSupport":true}}}"#
                    .utf8))
        #expect(capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true)
        #expect(capabilities.workspace?.diagnostics?.refreshSupport == true)
        guard case .request(_, let refresh) = classify(#"{"jsonrpc":"2.0","id":3,"method":"workspace/diagnostic/refresh"}"#) else {
            Issue.record("expected a request")
            return
        }
        #expect(refresh is DiagnosticRefreshRequest)
    }
}
