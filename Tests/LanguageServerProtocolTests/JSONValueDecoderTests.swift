// The server decodes messages with `JSONReader` and `JSONValueDecoder` instead of Foundation's
// `JSONDecoder`: on the protocol's own types, for valid params and for every one-member mutation
// of them (a member removed, or replaced by another kind or number), both decoders agree on
// whether the params decode and on what they decode to.
import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport

@Suite struct JSONValueDecoderTests {
    static let range = #"{"start":{"line":0,"character":1},"end":{"line":2,"character":0}}"#

    /// Valid params of messages the server reads, each with the type that decodes them.
    static var samples: [(any (Decodable & Hashable).Type, String)] {
        [
            (
                InitializeRequest.self,
                #"{"processId":1,"rootUri":"file:///w","capabilities":{"textDocument":{"completion":{"completionItem":{"snippetSupport":true}}},"general":{"positionEncodings":["utf-8","utf-16"]}},"initializationOptions":{"a":[1,2.5,"x",null,true]},"workspaceFolders":[{"uri":"file:///w","name":"w"}],"trace":"off","clientInfo":{"name":"n","version":"1"}}"#
            ),
            (
                DidOpenTextDocumentNotification.self,
                #"{"textDocument":{"uri":"file:///a.plist","languageId":"plist","version":1,"text":"<plist>\n\t\u00e9\ud83d\ude00 \"q\" \\ \/</plist>"}}"#
            ),
            (
                DidChangeTextDocumentNotification.self,
                #"{"textDocument":{"uri":"file:///a","version":2},"contentChanges":[{"range":\#(range),"text":"x"},{"text":"whole"}]}"#
            ),
            (
                CompletionRequest.self,
                #"{"textDocument":{"uri":"file:///a"},"position":{"line":3,"character":4},"context":{"triggerKind":2,"triggerCharacter":"<"}}"#
            ),
            (
                CodeActionRequest.self,
                #"{"textDocument":{"uri":"file:///a"},"range":\#(range),"context":{"diagnostics":[{"range":\#(range),"severity":1,"code":"plist-x","source":"plist","message":"m","data":{"k":1}}],"only":["quickfix"]}}"#
            ),
            (ExecuteCommandRequest.self, #"{"command":"c","arguments":[1,"a",{"b":null}]}"#),
            (DidChangeConfigurationNotification.self, #"{"settings":{"plist":{"rules":{"x":"off"},"n":[1.5]}}}"#),
            (DidChangeWatchedFilesNotification.self, #"{"changes":[{"uri":"file:///a","type":1},{"uri":"file:///b","type":3}]}"#),
        ]
    }

    /// What a member may be replaced by.
    static let replacements: [JSONValue] = [
        .null, .int(1), .int(-1), .int(1 << 40), .double(1.5), .double(2), .string("s"), .bool(true), .array([]), .object([:]),
    ]

    /// Every value of `value` (itself included) changed one way: removed (a member) or replaced.
    static func mutations(of value: JSONValue) -> [JSONValue] {
        var out: [JSONValue] = replacements
        switch value {
        case .object(let object):
            for (key, member) in object {
                var without = object
                without[key] = nil
                out.append(.object(without))
                for changed in mutations(of: member) {
                    var with = object
                    with[key] = changed
                    out.append(.object(with))
                }
            }
        case .array(let array):
            for (i, item) in array.enumerated() {
                for changed in mutations(of: item) {
                    var with = array
                    with[i] = changed
                    out.append(.array(with))
                }
            }
        default:
            break
        }
        return out
    }

    /// Decodes `text` as `type` with both decoders: nil when they agree, else what differs.
    static func disagreement<T: Decodable & Hashable>(_ type: T.Type, _ text: String) -> String? {
        let foundation = try? JSONDecoder().decode(T.self, from: Data(text.utf8))
        let ours = try? JSONValueDecoder().decode(T.self, from: JSONValue(parsing: text))
        if foundation == ours { return nil }
        return
            "\(T.self) from \(text): JSONDecoder \(foundation.map { "\($0)" } ?? "fails"), JSONValueDecoder \(ours.map { "\($0)" } ?? "fails")"
    }

    @Test func agreesWithJSONDecoderOnTheProtocolsTypesAndEveryMutation() throws {
        var checked = 0
        var disagreements: [String] = []
        for (type, text) in Self.samples {
            let value = try JSONValue(parsing: text)
            // The valid params decode, and equal JSONDecoder's.
            #expect(try JSONValueDecoder().decode(type, from: value) as any Hashable as? AnyHashable != nil)
            for mutated in [value] + Self.mutations(of: value) {
                checked += 1
                if let difference = Self.disagreement(type, mutated.description) { disagreements.append(difference) }
            }
        }
        #expect(checked > 1_000)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5).joined(separator: "\n"))")
    }

    @Test func errorsNameThePathAndTheKinds() {
        struct Inner: Decodable { let n: Int }
        struct Outer: Decodable { let items: [Inner] }
        func message(_ text: String) -> String {
            do {
                let value = try JSONValue(parsing: text)
                _ = try JSONValueDecoder().decode(Outer.self, from: value)
                return "decoded"
            } catch {
                return describe(error)
            }
        }
        #expect(
            message(#"{"items":[{"n":1},{"n":"x"}]}"#) == "wrong type at items.[1].n: Expected to decode Int but found a string instead.")
        #expect(message(#"{"items":[{}]}"#) == "missing n at items.[0]")
        #expect(message(#"{"items":[{"n":1.5}]}"#) == "Number 1.5 does not fit in Int. at items.[0].n")
        #expect(message(#"{"items":{}}"#).hasPrefix("wrong type at items: Expected to decode Array"))
        #expect(message(#"{"items":[{"n":2.0}]}"#) == "decoded")
    }

    /// Through the protocol: a message whose params have the wrong type is answered with an
    /// error naming the member, and a large text with every kind of escape decodes exactly.
    @Test func messagesDecodeThroughTheReaderAndDecoder() throws {
        let decoder = MessageDecoder()
        let bad = decoder.decode(
            Data(
                #"{"jsonrpc":"2.0","id":7,"method":"textDocument/completion","params":{"textDocument":{"uri":"file:///a"},"position":{"line":"3","character":4}}}"#
                    .utf8))
        guard case .invalid(let id, let error) = bad else {
            Issue.record("expected invalid params, got \(bad)")
            return
        }
        #expect(id == .int(7))
        #expect(error.message.contains("position.line"))

        var text = ""
        for i in 0..<20_000 { text += "\t<key>K\(i)</key>\n\t<string>\"é😀\\/\u{1}</string>\n" }
        let body = try JSONCoding.encoder().encode(
            DidOpenTextDocumentNotification(
                textDocument: TextDocumentItem(uri: "file:///a.plist", languageId: "plist", version: 1, text: text)))
        let message = decoder.decode(Data(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":"#.utf8) + body + Data("}".utf8))
        guard case .notification(let open as DidOpenTextDocumentNotification) = message else {
            Issue.record("expected didOpen, got \(message)")
            return
        }
        #expect(open.textDocument.text == text)
    }
}
