// The `initialize` answer's hand-written JSON (`JSONRepresentable`) against `Codable`: the same
// JSON as `JSONCoding.encoder()` makes, decoded back to the same value, over random capabilities
// (every member present or absent, every `T | boolean` either way).
import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport
import PlistTestSupport

@Suite struct InitializeAnswerTests {
    @Test func handWrittenJSONIsCodablesOverRandomCapabilities() throws {
        var random = SplitMix64(seed: 0x1A17)
        for round in 0..<600 {
            let capabilities = ServerCapabilities.random(using: &random)
            let result = InitializeResult(
                capabilities: capabilities,
                serverInfo: random.chance() ? ClientInfo(name: random.text(), version: random.maybe { $0.text() }) : nil)
            let expected = try encodeJSON(result)
            #expect(result.json == expected, "round \(round)")
            #expect(try result.json.decode(as: InitializeResult.self) == result, "round \(round)")
            // What goes on the wire: the message `response(id:result:)` would make, bytes apart.
            for id in [RequestID.int(round), .string("r\(round)")] {
                let handWritten = try JSONValue(parsing: MessageEncoder.response(id: id, json: result.json))
                let coded = try JSONValue(parsing: MessageEncoder.response(id: id, result: result))
                #expect(handWritten == coded, "round \(round), id \(id)")
            }
        }
    }

    @Test func absentMembersAreLeftOutNotNull() {
        let capabilities = ServerCapabilities(textDocumentSync: TextDocumentSyncOptions(openClose: true))
        #expect(InitializeResult(capabilities: capabilities).json == json(#"{"capabilities":{"textDocumentSync":{"openClose":true}}}"#))
        #expect(ServerCapabilities().json == json("{}"))
    }

    @Test func responseBytesAreCompactAndSorted() {
        let body = MessageEncoder.response(id: .int(7), json: ["b": 1, "a": ["s": "x/y\u{1}"]])
        #expect(String(decoding: body, as: UTF8.self) == #"{"id":7,"jsonrpc":"2.0","result":{"a":{"s":"x/y\u0001"},"b":1}}"#)
    }
}

// MARK: Random capabilities

extension SplitMix64 {
    mutating func chance() -> Bool { Bool.random(using: &self) }

    mutating func maybe<T>(_ make: (inout SplitMix64) -> T) -> T? {
        chance() ? make(&self) : nil
    }

    /// A short string, now and then with characters JSON must escape or that are not ASCII.
    mutating func text() -> String {
        let pieces = ["a", "plist", "<", "/", ">", "\"", "\\", "\n", "\u{1}", "é", "☃", "😀", " ", "quickfix", "source.fixAll"]
        return (0..<Int.random(in: 0...4, using: &self)).map { _ in pieces.randomElement(using: &self)! }.joined()
    }

    mutating func texts() -> [String] {
        (0..<Int.random(in: 0...3, using: &self)).map { _ in text() }
    }

    mutating func bool() -> Bool? { maybe { $0.chance() } }

    mutating func valueOrBool<T>(_ make: (inout SplitMix64) -> T) -> ValueOrBool<T>? {
        maybe { random in random.chance() ? .bool(random.chance()) : .value(make(&random)) }
    }
}

extension ServerCapabilities {
    static func random(using r: inout SplitMix64) -> ServerCapabilities {
        func empty(_ r: inout SplitMix64) -> EmptyOptions { EmptyOptions(workDoneProgress: r.bool()) }
        return ServerCapabilities(
            positionEncoding: r.maybe { [PositionEncodingKind.utf8, .utf16, .utf32].randomElement(using: &$0)! },
            textDocumentSync: r.maybe { r in
                TextDocumentSyncOptions(
                    openClose: r.bool(), change: r.maybe { [TextDocumentSyncKind.none, .full, .incremental].randomElement(using: &$0)! },
                    save: r.valueOrBool { SaveOptions(includeText: $0.bool()) })
            },
            completionProvider: r.maybe { r in
                CompletionOptions(
                    triggerCharacters: r.maybe { $0.texts() }, allCommitCharacters: r.maybe { $0.texts() }, resolveProvider: r.bool(),
                    completionItem: r.maybe { CompletionOptions.CompletionItemOptions(labelDetailsSupport: $0.bool()) })
            },
            hoverProvider: r.valueOrBool(empty),
            codeActionProvider: r.valueOrBool { r in
                CodeActionOptions(codeActionKinds: r.maybe { $0.texts().map(CodeActionKind.init(_:)) }, resolveProvider: r.bool())
            },
            documentSymbolProvider: r.valueOrBool(empty),
            foldingRangeProvider: r.valueOrBool(empty),
            selectionRangeProvider: r.valueOrBool(empty),
            inlayHintProvider: r.valueOrBool { InlayHintOptions(resolveProvider: $0.bool()) },
            semanticTokensProvider: r.maybe { r in
                SemanticTokensOptions(
                    legend: SemanticTokensLegend(tokenTypes: r.texts(), tokenModifiers: r.texts()), range: r.bool(),
                    full: r.valueOrBool { SemanticTokensFullOptions(delta: $0.bool()) })
            },
            documentLinkProvider: r.maybe { DocumentLinkOptions(resolveProvider: $0.bool()) },
            diagnosticProvider: r.maybe { r in
                DiagnosticOptions(identifier: r.maybe { $0.text() }, interFileDependencies: r.chance(), workspaceDiagnostics: r.chance())
            },
            executeCommandProvider: r.maybe { ExecuteCommandOptions(commands: $0.texts()) },
            experimental: r.maybe { r in ["flag": .bool(r.chance()), "n": .int(Int.random(in: -5...5, using: &r)), "s": .string(r.text())] },
            documentFormattingProvider: r.valueOrBool(empty),
            documentRangeFormattingProvider: r.valueOrBool(empty),
            definitionProvider: r.valueOrBool(empty))
    }
}
