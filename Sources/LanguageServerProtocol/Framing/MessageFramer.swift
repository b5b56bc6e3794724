#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A framing problem; the framer has already resynchronized when it reports one.
public struct FramingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case missingContentLength
        case invalidContentLength
        case contentLengthTooLarge
        case malformedHeaderLine
        case headerTooLarge
        /// The stream ended in the middle of a header block or body.
        case truncatedMessage
    }
    public var kind: Kind
    /// Human-readable detail (the offending header text, truncated).
    public var detail: String
    public var description: String { "framing error (\(kind)): \(detail)" }
}

/// Something that came out of the byte stream.
public enum FramingEvent: Hashable, Sendable {
    /// One complete message body (JSON text).
    case message(Data)
    /// A bad header block was skipped.
    case error(FramingError)
}

/// The `Content-Length` framing of the base protocol as a pure state machine (no I/O).
///
/// Feed bytes in chunks of any size; complete bodies come out as `.message`. Header lines may end
/// in CRLF (as the specification says) or in a bare LF (as hand-written clients send). A bad
/// header block yields one `.error` and the framer resynchronizes at the next `Content-Length:`
/// header — searched for from the second byte of the bad block, not after it, so that the header
/// of the next good message is never swallowed with the bad one. That recovers the message after
/// a `Content-Length` that is too small (counted in characters, or off by one): the rest of the
/// body is junk in front of the next header. A `Content-Length` too large by up to 15 bytes
/// swallows the start of the next header (`C`, `Con`, …) into the body; a body that ends in a
/// closing `}` or `]` followed by such a prefix of `Content-Length:` gives the prefix back to
/// the next header (JSON never ends that way, so no valid body is cut). Bodies are accumulated
/// in place as they arrive, so each byte is copied once; the memory one message can take is
/// bounded by `Limits.maxContentLength` (a larger message is skipped, never buffered).
public struct MessageFramer: Sendable {
    public struct Limits: Sendable {
        /// Largest header block accepted (bytes, terminator included).
        public var maxHeaderBytes: Int
        /// Largest `Content-Length` accepted (64 MiB by default): a larger message is reported and
        /// skipped without being buffered.
        public var maxContentLength: Int
        public init(maxHeaderBytes: Int = 8192, maxContentLength: Int = 64 << 20) {
            self.maxHeaderBytes = maxHeaderBytes
            self.maxContentLength = maxContentLength
        }
    }

    private enum State: Sendable {
        case header
        case body(remaining: Int)
        /// Skipping bytes until `content-length:` (case-insensitive) has been seen;
        /// `matched` bytes of it have matched so far.
        case resync(matched: Int)
    }

    public let limits: Limits
    private var state: State = .header
    private var header: [UInt8] = []
    private var body = Data()

    private static let resyncPattern = Array("content-length:".utf8)
    /// Whether the last header line seen so far is empty (the header block ends at its LF).
    private var lineIsEmpty = true

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether the framer is between messages (no partial header or body buffered).
    public var isIdle: Bool {
        if case .header = state { return header.isEmpty }
        return false
    }

    public mutating func feed(_ bytes: Data) -> [FramingEvent] {
        bytes.withUnsafeBytes { feed($0) }
    }

    public mutating func feed(_ bytes: [UInt8]) -> [FramingEvent] {
        bytes.withUnsafeBytes { feed($0) }
    }

    public mutating func feed(_ buffer: UnsafeRawBufferPointer) -> [FramingEvent] {
        var events: [FramingEvent] = []
        var index = 0
        let count = buffer.count
        while index < count {
            switch state {
            case .header:
                let byte = buffer[index]
                index += 1
                // Tolerate stray line breaks between messages.
                if header.isEmpty, byte == 0x0D || byte == 0x0A { continue }
                header.append(byte)
                let n = header.count
                if byte == 0x0A {
                    // A line is empty when nothing but an optional CR precedes its LF.
                    if lineIsEmpty { finishHeader(&events) } else { lineIsEmpty = true }
                } else if byte != 0x0D {
                    lineIsEmpty = false
                }
                if case .header = state, n > limits.maxHeaderBytes {
                    fail(.headerTooLarge, "header block exceeds \(limits.maxHeaderBytes) bytes", &events)
                }
            case .body(let remaining):
                let take = min(remaining, count - index)
                body.append(buffer.baseAddress!.advanced(by: index).assumingMemoryBound(to: UInt8.self), count: take)
                index += take
                if take == remaining {
                    let spill = Self.headerPrefixAtEnd(of: body)
                    if spill > 0 {
                        header = Array(body.suffix(spill))
                        lineIsEmpty = false
                        body.removeLast(spill)
                    }
                    events.append(.message(body))
                    body = Data()
                    state = .header
                } else {
                    state = .body(remaining: remaining - take)
                }
            case .resync(var matched):
                let pattern = Self.resyncPattern
                while index < count {
                    let byte = asciiLowercase(buffer[index])
                    index += 1
                    if byte == pattern[matched] {
                        matched += 1
                        if matched == pattern.count { break }
                    } else {
                        // The pattern's first byte does not recur in it, so restarting is exact.
                        matched = byte == pattern[0] ? 1 : 0
                    }
                }
                if matched == pattern.count {
                    header = Array("Content-Length:".utf8)
                    lineIsEmpty = false
                    state = .header
                } else {
                    state = .resync(matched: matched)
                }
            }
        }
        return events
    }

    /// Reports a bad header block and resynchronizes: the search for the next `Content-Length:`
    /// starts at `restartAt` in the block (the second byte of the offending line; of the block
    /// when no line is to blame), so a good header after junk in the same block is found.
    private mutating func fail(_ kind: FramingError.Kind, _ detail: String, _ events: inout [FramingEvent], restartAt: Int = 1) {
        events.append(.error(FramingError(kind: kind, detail: detail)))
        let rest = header[min(restartAt, header.count)...]
        header = []
        lineIsEmpty = true
        state = .resync(matched: 0)
        if !rest.isEmpty {
            let more = Array(rest).withUnsafeBytes { feed($0) }
            events.append(contentsOf: more)
        }
    }

    /// The length of a non-empty prefix of `Content-Length:` (any case) at the end of `body`,
    /// right after a closing `}` or `]` and optional blanks; 0 when there is none.
    private static func headerPrefixAtEnd(of body: Data) -> Int {
        body.withUnsafeBytes { bytes in
            let pattern = resyncPattern
            let n = bytes.count
            var length = min(n - 1, pattern.count)
            while length >= 1 {
                let start = n - length
                var matches = true
                for i in 0..<length where asciiLowercase(bytes[start + i]) != pattern[i] {
                    matches = false
                    break
                }
                if matches {
                    var before = start - 1
                    while before > 0, isBlankOrLineBreak(bytes[before]) { before -= 1 }
                    if bytes[before] == UInt8(ascii: "}") || bytes[before] == UInt8(ascii: "]") { return length }
                }
                length -= 1
            }
            return 0
        }
    }

    /// Reads the header block in `header`, which ends with its empty line. Byte by byte, with no
    /// strings but in error messages: this runs before the first message is decoded, on the
    /// start-up's critical path, where the generic code of splitting and trimming strings cost the
    /// first message about 0.25 ms (docs/contributing/performance.md).
    private mutating func finishHeader(_ events: inout [FramingEvent]) {
        // Every line but the last, the empty one that ends the block (any CR before its LF).
        let blockEnd = header[..<(header.count - 1)].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        var contentLength: Int?
        var lineStart = 0
        while lineStart < blockEnd {
            var lineEnd = lineStart
            while header[lineEnd] != 0x0A { lineEnd += 1 }
            let next = lineEnd + 1
            if lineEnd > lineStart && header[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            // A bad line is skipped from its second byte: a good header after it is still found.
            let restart = lineStart + 1
            guard let colon = header[lineStart..<lineEnd].firstIndex(of: UInt8(ascii: ":")) else {
                return fail(
                    .malformedHeaderLine, "malformed header line: \(quoted(text(lineStart..<lineEnd)))", &events, restartAt: restart)
            }
            let name = trimmingBlanks(lineStart..<colon)
            let value = trimmingBlanks(colon + 1..<lineEnd)
            guard !name.isEmpty, header[name].allSatisfy(isTokenByte) else {
                return fail(
                    .malformedHeaderLine, "malformed header line: \(quoted(text(lineStart..<lineEnd)))", &events, restartAt: restart)
            }
            if isContentLength(name) {
                var length = 0
                let digits = header[value]
                guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                    return fail(.invalidContentLength, "invalid Content-Length: \(quoted(text(value)))", &events, restartAt: restart)
                }
                for digit in digits { length = length * 10 + Int(digit - 0x30) }
                guard contentLength == nil || contentLength == length else {
                    return fail(.invalidContentLength, "invalid Content-Length: \(quoted(text(value)))", &events, restartAt: restart)
                }
                guard length <= limits.maxContentLength else {
                    return fail(
                        .contentLengthTooLarge, "Content-Length \(length) exceeds \(limits.maxContentLength)", &events,
                        restartAt: restart)
                }
                contentLength = length
            }
            // Content-Type and unknown headers are accepted and ignored.
            lineStart = next
        }
        guard let length = contentLength else {
            let lines = header[..<blockEnd].split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { line in
                String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            return fail(
                .missingContentLength, "header block without Content-Length: \(quoted(lines.joined(separator: "\r\n")[...]))", &events)
        }
        header = []
        lineIsEmpty = true
        if length == 0 {
            events.append(.message(Data()))
            state = .header
        } else {
            // The whole declared length up front (at most `maxContentLength`): a reservation of
            // address space whose pages become resident only as bytes arrive, where growing from
            // a small buffer held a half-full copy beside a full one (24 MiB for a 10 MB message).
            body = Data(capacity: length)
            state = .body(remaining: length)
        }
    }

    /// `range` of the header without the blanks (spaces and tabs, HTTP's optional white space)
    /// at either end.
    private func trimmingBlanks(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, header[lower] == 0x20 || header[lower] == 0x09 { lower += 1 }
        while upper > lower, header[upper - 1] == 0x20 || header[upper - 1] == 0x09 { upper -= 1 }
        return lower..<upper
    }

    /// Whether `range` of the header is `content-length` in any case.
    private func isContentLength(_ range: Range<Int>) -> Bool {
        let name = Self.contentLengthName
        guard range.count == name.count else { return false }
        for i in 0..<name.count where asciiLowercase(header[range.lowerBound + i]) != name[i] { return false }
        return true
    }

    private static let contentLengthName = Array("content-length".utf8)

    private func text(_ range: Range<Int>) -> Substring {
        String(decoding: header[range], as: UTF8.self)[...]
    }

    /// Call at end of stream: reports a message cut short, if any, and resets the framer.
    public mutating func finish() -> FramingError? {
        defer {
            state = .header
            header = []
            body = Data()
            lineIsEmpty = true
        }
        switch state {
        case .header where header.isEmpty, .resync:
            return nil
        case .header:
            return FramingError(kind: .truncatedMessage, detail: "stream ended inside a header block")
        case .body(let remaining):
            return FramingError(kind: .truncatedMessage, detail: "stream ended \(remaining) bytes before the end of a message")
        }
    }

    /// Frames a body: `Content-Length: N\r\n\r\n` followed by the body.
    public static func frame(_ body: Data) -> Data {
        var data = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        data.append(body)
        return data
    }
}

/// RFC 7230 `tchar`: what a header field name may contain.
private func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
        UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
        UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
        UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
        return true
    default:
        return false
    }
}

private func isBlankOrLineBreak(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
}

private func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
}

private func quoted(_ text: Substring) -> String {
    let limited = text.count > 80 ? text.prefix(80) + "…" : text
    return "\"\(limited.debugDescription.dropFirst().dropLast())\""
}
