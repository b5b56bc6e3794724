// Byte-level scanning of the text around the cursor: indentation, names, snippet escaping.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSyntax
import Synchronization

/// Text helpers over the document's bytes.
enum TextScan {
    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// Offset of the first byte of the line holding `offset`.
    static func lineStart(_ text: SourceText, _ offset: Int) -> Int {
        var i = min(offset, text.count)
        while i > 0 && text[i - 1] != 0x0A && text[i - 1] != 0x0D { i -= 1 }
        return i
    }

    /// The spaces and tabs at the start of the line holding `offset`.
    static func indentation(_ text: SourceText, _ offset: Int) -> String {
        var i = lineStart(text, offset)
        var out = ""
        while i < text.count && (text[i] == 0x20 || text[i] == 0x09) { out.append(Character(UnicodeScalar(text[i]))); i += 1 }
        return out
    }

    /// One level of indentation as the document writes it: a tab, or the step between a container's
    /// line and its first child's line; a tab when nothing tells.
    static func indentUnit(_ text: SourceText, container: PlistNode?) -> String {
        if let container {
            let outer = indentation(text, container.element.start)
            let firstChild =
                container.entries.first?.key?.element.start ?? container.entries.first?.value?.element.start
                ?? container.items.first?.element.start
            if let firstChild, lineStart(text, firstChild) != lineStart(text, container.element.start) {
                let inner = indentation(text, firstChild)
                if inner.hasPrefix(outer) && inner.count > outer.count { return String(inner.dropFirst(outer.count)) }
            }
        }
        return "\t"
    }

    /// Escapes `$`, `}` and `\` for a snippet's literal text.
    static func snippetEscaped(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "$" || c == "}" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// The `$(VAR)` and `${VAR}` spans inside `content`, in order: each from its `$` to its
    /// closing parenthesis or brace, on text without markup (a `<` ends the search).
    static func buildSettingSpans(in text: SourceText, content: Range<Int>) -> [Range<Int>] {
        text.withBytes(in: content) {
            buildSettingSpans(in: $0).map { (content.lowerBound + $0.lowerBound)..<(content.lowerBound + $0.upperBound) }
        }
    }

    /// The spans of `buildSettingSpans(in:content:)` in `text`, relative to it.
    private static func buildSettingSpans(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = 0
        while i + 1 < text.count {
            if text[i] == 0x24, text[i + 1] == 0x28 || text[i + 1] == 0x7B {  // $( or ${
                let close: UInt8 = text[i + 1] == 0x28 ? 0x29 : 0x7D
                var j = i + 2
                while j < text.count && text[j] != close && text[j] != 0x3C { j += 1 }
                if j < text.count && text[j] == close {
                    out.append(i..<(j + 1))
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
        return out
    }
}
