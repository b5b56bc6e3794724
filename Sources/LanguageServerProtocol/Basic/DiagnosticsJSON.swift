#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// JSON written byte by byte for the one message sent on every keystroke with up to thousands
/// of members: `textDocument/publishDiagnostics`. Foundation's `JSONEncoder` spent about 16 µs a
/// diagnostic (a third of a keystroke in a file with 500 findings) building boxed containers; this
/// writes the same JSON value (a test decodes both and compares them) in a fraction of that.
struct JSONBytes {
    var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// A JSON string: `"`, `\` and the control characters escaped (RFC 8259 §7), everything
    /// else as its UTF-8 bytes.
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<i]))
                escape(byte)
                start = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw(#"\""#)
        case UInt8(ascii: "\\"): raw(#"\\"#)
        case 0x0A: raw(#"\n"#)
        case 0x0D: raw(#"\r"#)
        case 0x09: raw(#"\t"#)
        case 0x08: raw(#"\b"#)
        case 0x0C: raw(#"\f"#)
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            raw(#"\u00"#)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }

    mutating func position(_ p: Position) {
        raw(#"{"line":"#)
        int(p.line)
        raw(#","character":"#)
        int(p.character)
        raw("}")
    }

    mutating func range(_ r: LSPRange) {
        raw(#"{"start":"#)
        position(r.start)
        raw(#","end":"#)
        position(r.end)
        raw("}")
    }

    mutating func intOrString(_ value: IntOrString) {
        switch value {
        case .int(let n): int(n)
        case .string(let s): string(s)
        }
    }

    mutating func diagnostic(_ d: Diagnostic) throws {
        raw(#"{"range":"#)
        range(d.range)
        if let severity = d.severity {
            raw(#","severity":"#)
            int(severity.rawValue)
        }
        if let code = d.code {
            raw(#","code":"#)
            intOrString(code)
        }
        if let description = d.codeDescription {
            raw(#","codeDescription":{"href":"#)
            string(description.href)
            raw("}")
        }
        if let source = d.source {
            raw(#","source":"#)
            string(source)
        }
        raw(#","message":"#)
        string(d.message)
        if let tags = d.tags {
            raw(#","tags":["#)
            for (i, tag) in tags.enumerated() {
                if i > 0 { raw(",") }
                int(tag.rawValue)
            }
            raw("]")
        }
        if let related = d.relatedInformation {
            raw(#","relatedInformation":["#)
            for (i, r) in related.enumerated() {
                if i > 0 { raw(",") }
                raw(#"{"location":{"uri":"#)
                string(r.location.uri)
                raw(#","range":"#)
                range(r.location.range)
                raw(#"},"message":"#)
                string(r.message)
                raw("}")
            }
            raw("]")
        }
        if let data = d.data {
            // Arbitrary JSON (no diagnostic of ours carries any today): the general encoder's.
            raw(#","data":"#)
            bytes.append(contentsOf: try JSONCoding.encoder().encode(data))
        }
        raw("}")
    }
}

extension PublishDiagnosticsNotification {
    /// The whole message body, as `MessageEncoder.notification` would encode it.
    func encodedBody() throws -> Data {
        var json = JSONBytes(capacity: 256 + diagnostics.count * 240)
        json.raw(#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#)
        json.string(uri)
        if let version {
            json.raw(#","version":"#)
            json.int(version)
        }
        json.raw(#","diagnostics":["#)
        for (i, d) in diagnostics.enumerated() {
            if i > 0 { json.raw(",") }
            try json.diagnostic(d)
        }
        json.raw("]}}")
        return Data(json.bytes)
    }
}
