// `textDocument/publishDiagnostics` is written byte by byte (the message sent on every keystroke):
// it must be the JSON value Foundation's encoder makes of the same notification, for every
// character a message, code, source or URI can hold and every optional member present or not.
import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport

struct DiagnosticsJSONTests {
    /// What the general encoder makes of a notification (as `MessageEncoder` did for every one).
    struct Envelope: Encodable {
        let jsonrpc = "2.0"
        let method = PublishDiagnosticsNotification.method
        let params: PublishDiagnosticsNotification
    }

    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
        mutating func chance() -> Bool { next() % 2 == 0 }

        /// Every control character, quote, backslash, slash, non-ASCII letters in both Unicode
        /// normalisation forms, astral characters, U+2028 and U+FEFF.
        static let pieces: [String] =
            (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
                "\"", "\\", "/", "a", " ", "key", "é", "e\u{301}", "Å", "A\u{30A}", "六", "\u{F9D1}", "😀", "\u{2028}", "\u{FEFF}",
                "\u{7F}", "<string>", "\u{FFFD}",
            ]

        mutating func text() -> String {
            (0..<below(12)).map { _ in Self.pieces[below(Self.pieces.count)] }.joined()
        }

        mutating func int() -> Int { [0, 1, 9, 10, 99, 12_345, Int(Int32.max), Int.max, -1, Int.min][below(10)] }
        mutating func range() -> LSPRange {
            LSPRange(start: Position(line: int(), character: int()), end: Position(line: int(), character: int()))
        }

        mutating func diagnostic() -> Diagnostic {
            Diagnostic(
                range: range(),
                severity: chance() ? DiagnosticSeverity(rawValue: 1 + below(4)) : nil,
                code: chance() ? (chance() ? .string(text()) : .int(int())) : nil,
                codeDescription: chance() ? CodeDescription(href: "file:///docs/" + text()) : nil,
                source: chance() ? text() : nil,
                message: text(),
                tags: chance() ? (0..<below(3)).map { _ in DiagnosticTag(rawValue: 1 + below(2)) } : nil,
                relatedInformation: chance()
                    ? (0..<below(3)).map { _ in
                        DiagnosticRelatedInformation(location: Location(uri: "file:///" + text(), range: range()), message: text())
                    } : nil,
                data: below(8) == 0 ? .object(["fix": .string(text()), "n": .int(int()), "list": .array([.bool(true), .null])]) : nil)
        }
    }

    @Test func theNotificationIsTheJSONTheGeneralEncoderMakes() throws {
        var generator = Generator(state: 39)
        for round in 0..<400 {
            let notification = PublishDiagnosticsNotification(
                uri: "file:///" + generator.text(), version: round % 3 == 0 ? nil : generator.int(),
                diagnostics: (0..<generator.below(round % 50 == 0 ? 600 : 6)).map { _ in generator.diagnostic() })
            let fast = try MessageEncoder.notification(notification)
            let general = try JSONCoding.encoder().encode(Envelope(params: notification))
            #expect(try JSONValue(parsing: fast) == JSONValue(parsing: general), "round \(round)")
            // And a client reads back the same notification.
            let read = try JSONValue(parsing: fast)["params"].map { try $0.decode(as: PublishDiagnosticsNotification.self) }
            #expect(read == notification, "round \(round)")
        }
    }

    @Test func controlCharactersAreEscapedAndEverythingElseIsWrittenAsItIs() throws {
        let notification = PublishDiagnosticsNotification(
            uri: "file:///a/b.plist", version: 7,
            diagnostics: [Diagnostic(range: LSPRange(Position(line: 1, character: 2)), message: "a\u{1}\t\"\\/é😀")])
        let text = String(decoding: try MessageEncoder.notification(notification), as: UTF8.self)
        #expect(
            text
                == #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///a/b.plist","version":7,"diagnostics":[{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":2}},"message":"a\u0001\t\"\\/é😀"}]}}"#
        )
    }
}
