// Duplicate member names in a JSON object: parsers disagree on them (JavaScript's JSON.parse, which
// VS Code's client uses, keeps the last; FoundationEssentials' decoder keeps the first), so a message
// that holds one means different things to the client and to us. We reject it (docs/protocol.md).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

enum DuplicateMembers {
    /// The first member name that occurs twice in one object of the JSON text `body`, at any depth
    /// (escapes decoded, so `"m"` and `"\u006d"` are the same name); nil when there is none.
    /// One pass over the bytes; only meaningful for valid JSON (call it after the parser accepted it).
    static func first(in body: Data) -> String? {
        body.withUnsafeBytes { raw -> String? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // One entry per open container: the names seen so far (nil for an array), and whether
            // the next string is a member name.
            var names: [Set<[UInt8]>?] = []
            var expectingName: [Bool] = []
            var i = 0
            let n = bytes.count
            while i < n {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "{"):
                    names.append([]); expectingName.append(true)
                case UInt8(ascii: "["):
                    names.append(nil); expectingName.append(false)
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !names.isEmpty { names.removeLast(); expectingName.removeLast() }
                case UInt8(ascii: ","):
                    if let last = names.indices.last, names[last] != nil { expectingName[last] = true }
                case UInt8(ascii: ":"):
                    if let last = names.indices.last { expectingName[last] = false }
                case UInt8(ascii: "\""):
                    // The closing quote: the next one preceded by an even number of backslashes
                    // (memchr, since most of a large message is the text inside strings).
                    let start = i + 1
                    let end = closingQuote(bytes, from: start)
                    if let last = names.indices.last, expectingName[last] {
                        var name = Array(bytes[start..<end])
                        if name.contains(0x5C) { name = unescaped(name) }
                        if names[last]!.insert(name).inserted == false {
                            return String(decoding: name, as: UTF8.self)
                        }
                        expectingName[last] = false
                    }
                    i = end
                default:
                    break
                }
                i += 1
            }
            return nil
        }
    }

    /// The index of the quote that closes a string whose contents start at `start` (the next quote
    /// preceded by an even number of backslashes), or the end of the buffer. memchr does the
    /// scanning: most of a large message is the text inside strings.
    private static func closingQuote(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let n = bytes.count
        var from = start
        while from < n {
            guard let hit = memchr(UnsafeRawPointer(base + from), 0x22, n - from) else { return n }
            let quote: Int = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            var backslashes = 0
            while quote - backslashes - 1 >= start && bytes[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return n
    }

    /// The UTF-8 of a JSON string's contents with its escapes decoded (lone surrogates as U+FFFD).
    private static func unescaped(_ raw: [UInt8]) -> [UInt8] {
        var units: [UInt16] = []
        var i = 0
        func hex(_ at: Int) -> UInt16? {
            guard at + 4 <= raw.count else { return nil }
            return UInt16(String(decoding: raw[at..<(at + 4)], as: UTF8.self), radix: 16)
        }
        var out: [UInt8] = []
        func flushUnits() {
            if !units.isEmpty { out += Array(String(decoding: units, as: UTF16.self).utf8); units = [] }
        }
        while i < raw.count {
            let byte = raw[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < raw.count else { flushUnits(); out.append(byte); i += 1; continue }
            let next = raw[i + 1]
            i += 2
            switch next {
            case UInt8(ascii: "u"):
                if let unit = hex(i) { units.append(unit); i += 4; continue }
                flushUnits(); out += [UInt8(ascii: "\\"), next]; continue
            case UInt8(ascii: "b"): flushUnits(); out.append(0x08)
            case UInt8(ascii: "f"): flushUnits(); out.append(0x0C)
            case UInt8(ascii: "n"): flushUnits(); out.append(0x0A)
            case UInt8(ascii: "r"): flushUnits(); out.append(0x0D)
            case UInt8(ascii: "t"): flushUnits(); out.append(0x09)
            default: flushUnits(); out.append(next)  // \" \\ \/
            }
        }
        flushUnits()
        return out
    }
}
