import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistTestSupport

private func feedAll(_ chunks: [[UInt8]], limits: MessageFramer.Limits = .init()) -> [FramingEvent] {
    var framer = MessageFramer(limits: limits)
    return chunks.flatMap { framer.feed($0) }
}

private func bodies(_ events: [FramingEvent]) -> [String] {
    events.compactMap { if case .message(let data) = $0 { String(decoding: data, as: UTF8.self) } else { nil } }
}

private func errors(_ events: [FramingEvent]) -> [FramingError.Kind] {
    events.compactMap { if case .error(let error) = $0 { error.kind } else { nil } }
}

@Suite struct FramingTests {
    static let messages = [
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#,
        #"{"jsonrpc":"2.0","method":"x","params":{"text":"é ☃ \r\n\r\n Content-Length: 3"}}"#,
        "",
        "{}",
    ]

    /// Headers vary: Content-Type, case, whitespace, order.
    static var stream: [UInt8] {
        let m = messages
        var text = "Content-Length: \(m[0].utf8.count)\r\n\r\n\(m[0])"
        text += "content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:\(m[1].utf8.count)\r\n\r\n\(m[1])"
        text += "Content-Length: 0\r\n\r\n"
        text += "Content-Length:   2  \r\nContent-Type: application/vscode-jsonrpc; charset=utf8\r\n\r\n\(m[3])"
        return Array(text.utf8)
    }

    @Test func wholeStream() {
        let events = feedAll([Self.stream])
        #expect(bodies(events) == Self.messages)
        #expect(errors(events).isEmpty)
    }

    @Test func splitAtEveryPosition() {
        let stream = Self.stream
        for split in 0...stream.count {
            let events = feedAll([Array(stream[..<split]), Array(stream[split...])])
            #expect(bodies(events) == Self.messages, "split at \(split)")
            #expect(errors(events).isEmpty)
        }
    }

    @Test func splitAtEveryPairOfPositionsAndByteByByte() {
        let stream = Self.stream
        #expect(bodies(feedAll(stream.map { [$0] })) == Self.messages)
        for first in stride(from: 0, through: stream.count, by: 7) {
            for second in first...stream.count {
                let events = feedAll([Array(stream[..<first]), Array(stream[first..<second]), Array(stream[second...])])
                #expect(bodies(events) == Self.messages, "split at \(first), \(second)")
            }
        }
    }

    @Test func randomChunkings() {
        var generator = SplitMix64(seed: 42)
        let stream = Self.stream
        for _ in 0..<500 {
            var chunks: [[UInt8]] = []
            var index = 0
            while index < stream.count {
                let size = Int.random(in: 1...40, using: &generator)
                chunks.append(Array(stream[index..<min(index + size, stream.count)]))
                index += size
            }
            #expect(bodies(feedAll(chunks)) == Self.messages)
        }
    }

    @Test func encoderOutputRoundTrips() {
        var stream = Data()
        for message in Self.messages { stream.append(MessageFramer.frame(Data(message.utf8))) }
        #expect(String(decoding: MessageFramer.frame(Data("{}".utf8)), as: UTF8.self) == "Content-Length: 2\r\n\r\n{}")
        var framer = MessageFramer()
        #expect(bodies(framer.feed(stream)) == Self.messages)
        #expect(framer.isIdle)
    }

    // MARK: Bad headers

    private static let good = "Content-Length: 2\r\n\r\n{}"

    @Test(arguments: [
        ("Content-Type: application/vscode-jsonrpc\r\n\r\nXYZ", FramingError.Kind.missingContentLength),
        ("Content-Length: abc\r\n\r\n", .invalidContentLength),
        ("Content-Length: -5\r\n\r\n", .invalidContentLength),
        ("Content-Length: \r\n\r\n", .invalidContentLength),
        ("Content-Length: 99999999999999999999999\r\n\r\n", .invalidContentLength),
        ("Content-Length: 2\r\nContent-Length: 3\r\n\r\nab", .invalidContentLength),
        ("{\"jsonrpc\":\"2.0\"}\r\n\r\n", .malformedHeaderLine),
        ("Content-Length: 5000\r\n\r\n", .contentLengthTooLarge),
    ])
    func badHeaderIsReportedAndSkipped(prefix: String, kind: FramingError.Kind) {
        let stream = Array((prefix + Self.good + Self.good).utf8)
        let limits = MessageFramer.Limits(maxHeaderBytes: 256, maxContentLength: 4096)
        for split in [0, 1, prefix.utf8.count / 2, prefix.utf8.count, stream.count] {
            let events = feedAll([Array(stream[..<split]), Array(stream[split...])], limits: limits)
            #expect(errors(events) == [kind], "split at \(split)")
            #expect(bodies(events) == ["{}", "{}"], "split at \(split)")
            // The error comes before the recovered messages.
            if case .error = events.first {} else { Issue.record("error should come first") }
        }
    }

    /// A header's name is matched in any case, and blanks (spaces and tabs: HTTP's optional white
    /// space) around a name or value are ignored; any other character there makes it invalid.
    @Test func headerNamesAnyCaseAndBlanksAroundValues() {
        for header in ["content-length:2", "CONTENT-LENGTH: \t2\t ", "Content-Length \t: 2", "X-Other:  y \r\nContent-Length: 2"] {
            let events = feedAll([Array((header + "\r\n\r\n{}" + Self.good).utf8)])
            #expect(errors(events) == [], "\(header)")
            #expect(bodies(events) == ["{}", "{}"], "\(header)")
        }
        let events = feedAll([Array(("Content-Length: 2\u{A0}\r\n\r\n" + Self.good).utf8)])
        #expect(errors(events) == [.invalidContentLength])
        #expect(bodies(events) == ["{}"])
    }

    /// A junk line before a good header in the same block (what a too-small Content-Length
    /// leaves behind) costs only the junk: the message after it is recovered.
    @Test func junkLineBeforeAGoodHeaderCostsOnlyTheJunk() {
        let stream = Array(("this is garbage\r\nContent-Length: 2\r\n\r\n{}" + Self.good + Self.good).utf8)
        for split in 0...stream.count {
            let events = feedAll([Array(stream[..<split]), Array(stream[split...])])
            #expect(errors(events) == [.malformedHeaderLine], "split at \(split)")
            #expect(bodies(events) == ["{}", "{}", "{}"], "split at \(split)")
        }
    }

    @Test func oversizedHeaderBlockResynchronizes() {
        let garbage = String(repeating: "x", count: 1000)
        let stream = Array(("Content-Length: 2" + garbage + Self.good).utf8)
        let events = feedAll([stream], limits: .init(maxHeaderBytes: 100))
        #expect(errors(events) == [.headerTooLarge])
        #expect(bodies(events) == ["{}"])
        // And byte by byte.
        let slow = feedAll(stream.map { [$0] }, limits: .init(maxHeaderBytes: 100))
        #expect(errors(slow) == [.headerTooLarge])
        #expect(bodies(slow) == ["{}"])
    }

    @Test func garbageWithoutTerminatorNeverStalls() {
        // A stream of garbage with no header terminator: one error per oversized block, no crash,
        // and a valid message afterwards is still found.
        var framer = MessageFramer(limits: .init(maxHeaderBytes: 64))
        var events: [FramingEvent] = []
        for _ in 0..<100 { events += framer.feed(Array(String(repeating: "garbage ", count: 8).utf8)) }
        events += framer.feed(Array(Self.good.utf8))
        #expect(errors(events) == [.headerTooLarge])
        #expect(bodies(events) == ["{}"])
    }

    @Test func strayLineBreaksBetweenMessagesAreTolerated() {
        let events = feedAll([Array((Self.good + "\r\n" + Self.good + "\n").utf8)])
        #expect(errors(events).isEmpty)
        #expect(bodies(events) == ["{}", "{}"])
    }

    @Test func finishReportsTruncation() {
        var framer = MessageFramer()
        _ = framer.feed(Array("Content-Length: 10\r\n\r\nabc".utf8))
        #expect(framer.finish()?.kind == .truncatedMessage)
        var idle = MessageFramer()
        _ = idle.feed(Array(Self.good.utf8))
        #expect(idle.finish() == nil)
    }

    @Test func fiftyMegabyteBody() {
        let size = 50 * 1024 * 1024
        var body = [UInt8](repeating: UInt8(ascii: "a"), count: size)
        body[0] = UInt8(ascii: "\"")
        body[size - 1] = UInt8(ascii: "\"")
        let stream = Array("Content-Length: \(size)\r\n\r\n".utf8) + body + Array(Self.good.utf8)
        var framer = MessageFramer()
        var events: [FramingEvent] = []
        stream.withUnsafeBytes { raw in
            var index = 0
            while index < raw.count {
                let end = min(index + 65536, raw.count)
                events += framer.feed(UnsafeRawBufferPointer(rebasing: raw[index..<end]))
                index = end
            }
        }
        #expect(events.count == 2)
        guard case .message(let data) = events.first else {
            Issue.record("expected the large message")
            return
        }
        #expect(data.count == size)
        #expect(data.elementsEqual(body))
        #expect(bodies(Array(events.dropFirst())) == ["{}"])
    }

    // MARK: Issue 11: one framing mistake must not cost the next message

    private static let next = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
    private static let first = #"{"jsonrpc":"2.0","id":1,"method":"x","params":{"text":"é☃ 😀"}}"#

    private static func framed(_ body: String, length: Int? = nil, newline: String = "\r\n") -> String {
        "Content-Length: \(length ?? body.utf8.count)\(newline)\(newline)\(body)"
    }

    @Test(arguments: ["\n", "\r\n"])
    func lineFeedOnlyHeadersAreAccepted(newline: String) {
        let text =
            Self.framed(Self.first, newline: "\n")
            + "Content-Type: application/vscode-jsonrpc; charset=utf-8\nContent-Length: \(Self.next.utf8.count)\(newline)\(newline)\(Self.next)"
        let stream = Array(text.utf8)
        for split in 0...stream.count {
            let events = feedAll([Array(stream[..<split]), Array(stream[split...])])
            #expect(errors(events).isEmpty, "split at \(split)")
            #expect(bodies(events) == [Self.first, Self.next], "split at \(split)")
        }
    }

    /// A Content-Length too small (by one, or counted in characters or UTF-16 units): the rest of
    /// the body is junk before the next header, which is still found.
    @Test(arguments: [1, 4, 6])
    func aContentLengthTooSmallCostsOnlyItsMessage(shortBy: Int) {
        // `first` has 3 more UTF-8 bytes than UTF-16 units ("é☃😀": 9 bytes, 4 units) and 4 more than characters.
        let stream = Array((Self.framed(Self.first, length: Self.first.utf8.count - shortBy) + Self.framed(Self.next)).utf8)
        for split in 0...stream.count {
            let events = feedAll([Array(stream[..<split]), Array(stream[split...])])
            #expect(errors(events).count == 1, "split at \(split)")
            #expect(bodies(events).last == Self.next, "split at \(split)")
            #expect(bodies(events).count == 2, "split at \(split)")
        }
    }

    /// A Content-Length too large by up to 15 bytes swallows the start of the next header; the
    /// body's tail after its closing brace is given back, so both messages arrive whole.
    @Test(arguments: [1, 3, 15])
    func aContentLengthSlightlyTooLargeIsRepaired(longBy: Int) {
        let stream = Array((Self.framed(Self.first, length: Self.first.utf8.count + longBy) + Self.framed(Self.next)).utf8)
        for split in 0...stream.count {
            let events = feedAll([Array(stream[..<split]), Array(stream[split...])])
            #expect(errors(events).isEmpty, "split at \(split)")
            #expect(bodies(events) == [Self.first, Self.next], "split at \(split)")
        }
    }

    /// A body never ending in `}` + a header prefix is passed whole (nothing is cut from valid JSON).
    @Test func aBodyEndingInTextThatLooksLikeAHeaderIsNotCut() {
        let body = #"["Content-Len"]"#
        let events = feedAll([Array((Self.framed(body) + Self.framed(Self.next)).utf8)])
        #expect(bodies(events) == [body, Self.next])
    }

    /// The input one message may hold is bounded by default (64 MiB): a larger declared length is
    /// an error and the message is skipped, unbuffered; the next one is read.
    @Test func theDefaultContentLengthLimit() {
        let limits = MessageFramer.Limits()
        #expect(limits.maxContentLength == 64 << 20)
        let stream = Array(("Content-Length: \((64 << 20) + 1)\r\n\r\n{\"x\":1}" + Self.framed(Self.next)).utf8)
        let events = feedAll([stream])
        #expect(errors(events) == [.contentLengthTooLarge])
        #expect(bodies(events) == [Self.next])
    }
}
