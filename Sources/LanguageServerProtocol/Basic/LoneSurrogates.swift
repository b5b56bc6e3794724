// Lone UTF-16 surrogate escapes in JSON text: editors send them (a buffer can hold half of a pair
// while the user types), Foundation's JSON parser rejects them. They become U+FFFD, which is one
// UTF-16 unit like the lone surrogate, so positions stay aligned with the editor's buffer.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum LoneSurrogates {
    /// `body` with every `\uD800`–`\uDFFF` escape that is not part of a valid pair replaced by
    /// `\uFFFD`; the same bytes when there is none (the common case costs one scan, in place:
    /// a copy of a 10 MB `didOpen` only to look at it was a fifth of the server's peak memory).
    static func repaired(_ body: Data) -> Data {
        guard body.withUnsafeBytes({ containsSurrogateEscape($0.bindMemory(to: UInt8.self)) }) else { return body }
        let bytes = [UInt8](body)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x5C, i + 1 < bytes.count else { out.append(b); i += 1; continue }  // '\'
            if bytes[i + 1] != 0x75 {  // not \u: copy the two-byte escape as it is
                out.append(b); out.append(bytes[i + 1]); i += 2; continue
            }
            guard let unit = hex4(bytes, i + 2) else { out.append(b); i += 1; continue }
            if unit >= 0xD800 && unit <= 0xDBFF, i + 11 < bytes.count, bytes[i + 6] == 0x5C, bytes[i + 7] == 0x75,
               let low = hex4(bytes, i + 8), low >= 0xDC00 && low <= 0xDFFF {
                out.append(contentsOf: bytes[i..<(i + 12)])  // a valid pair
                i += 12
            } else if unit >= 0xD800 && unit <= 0xDFFF {
                out.append(contentsOf: Array("\\uFFFD".utf8))
                i += 6
            } else {
                out.append(contentsOf: bytes[i..<(i + 6)])
                i += 6
            }
        }
        return Data(out)
    }

    private static func containsSurrogateEscape(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i + 2 < b.count {
            if b[i] == 0x5C && b[i + 1] == 0x75 && (b[i + 2] | 0x20) == 0x64 { return true }  // \ud or \uD
            i += 1
        }
        return false
    }

    private static func hex4(_ b: [UInt8], _ at: Int) -> Int? {
        guard at + 4 <= b.count else { return nil }
        var v = 0
        for k in at..<(at + 4) {
            let c = b[k]
            let d: Int
            switch c {
            case 0x30...0x39: d = Int(c - 0x30)
            case 0x41...0x46: d = Int(c - 0x41 + 10)
            case 0x61...0x66: d = Int(c - 0x61 + 10)
            default: return nil
            }
            v = v * 16 + d
        }
        return v
    }
}
