// Hover: what a key is (rendered from the key database like `plist-lsp explain`), what an
// enumerated value means, that `$(VAR)` is substituted at build time, and that an unknown key is
// custom (Info.plist) or not one plist-lsp knows (entitlements, privacy manifests), with the nearest
// known key when it looks like a typo.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSchema
import PlistSyntax

/// A hover's text and the byte range it describes.
public struct HoverResult: Sendable, Hashable {
    public var text: String
    public var format: DocumentationFormat
    public var range: Range<Int>
    public init(text: String, format: DocumentationFormat, range: Range<Int>) {
        self.text = text
        self.format = format
        self.range = range
    }
}

/// Hover over the typed view; pure.
public enum HoverProvider {
    /// The hover at `offset`, or nil when there is nothing to say.
    public static func hover(
        in document: PlistDocument, at offset: Int, fileKind: FileKind, format: DocumentationFormat = .markdown
    ) -> HoverResult? {
        if let result = hoverAt(offset, in: document, fileKind: fileKind, format: format) { return result }
        // On a tag's `<` (Neovim's `^` then `K` puts the cursor there; the LSP position is before
        // it, between entries): the tag's hover, as one character further.
        let text = document.tree.text
        guard offset >= 0, offset + 1 < text.count, text[offset] == 0x3C else { return nil }
        return hoverAt(offset + 1, in: document, fileKind: fileKind, format: format)
    }

    static func hoverAt(_ offset: Int, in document: PlistDocument, fileKind: FileKind, format: DocumentationFormat) -> HoverResult? {
        if fileKind == .configurationProfile { return ProfileHover.hover(at: offset, in: document, format: format) }
        let context = document.context(at: offset)
        let domain = fileKind.keyDomain
        switch context.place {
        case .key(let dictionary, let index):
            guard let key = dictionary.entries[index].key else { return nil }
            return keyHover(key, parent: context.path, domain: domain, format: format)
        case .value(let node):
            let text = document.tree.text
            if let variable = buildSetting(in: text, content: node.element.contentRange, at: offset) {
                let name = document.tree.string(variable)
                let message =
                    format == .markdown
                    ? "`\(name)` is a build setting reference: Xcode substitutes its value when it builds the product (Info.plist preprocessing), so the file itself holds the reference."
                    : "\(name) is a build setting reference: Xcode substitutes its value when it builds the product (Info.plist preprocessing), so the file itself holds the reference.\n"
                return HoverResult(text: message, format: format, range: variable)
            }
            return valueHover(
                node, path: context.path, in: document, domain: domain, format: format, range: trimmed(node.element.contentRange, in: text))
        case .tagName(let element, _), .insideTag(let element):
            return tagHover(element, path: context.path, in: document, domain: domain, format: format)
        default:
            return nil
        }
    }

    /// A value's documented meaning, or that it is not one a closed set accepts.
    static func valueHover(
        _ node: PlistNode, path: [PathComponent], in document: PlistDocument, domain: PlistDomain?,
        format: DocumentationFormat, range: Range<Int>
    ) -> HoverResult? {
        guard node.kind != .dictionary, node.kind != .array,
            let (definition, isItem) = FeatureLookup.definition(forValueAt: path, domain: domain),
            !isItem || definition.valueTypes.contains(.array)
        else { return nil }
        let literal = (node.text ?? "").trimmingWhiteSpace()
        if let value = definition.value(literal) {
            var text = KeyRendering.hover(value: value, ofKey: definition, format: format)
            if let (home, found) = FeatureLookup.misplacement(of: value, forValueAt: path, isItem: isItem, in: document) {
                let code: (String) -> String = { format == .markdown ? "`\($0)`" : $0 }
                text = "⚠️ \(code(value.value)) belongs with \(home.key) \(code(home.value)), not \(code(found)).\n\n" + text
            }
            return HoverResult(text: text, format: format, range: range)
        }
        if definition.valuesAreClosed, !literal.isEmpty {
            let allowed = definition.values.map { format == .markdown ? "`\($0.value)`" : $0.value }.joined(separator: ", ")
            let name = format == .markdown ? "**\(definition.name)**" : definition.name
            return HoverResult(text: "'\(literal)' is not a value \(name) accepts. Valid values: \(allowed).", format: format, range: range)
        }
        return nil
    }

    /// Hover on the tags of an entry (`<key>`, `</key>`, `<string>`, `<true/>`, `<dict>`, `</array>`…):
    /// the same documentation as its text — the key's doc for the key's tags; for a value's tags the
    /// value's doc when it has one, else its key's. The range is the whole element.
    static func tagHover(
        _ element: SyntaxElement, path: [PathComponent], in document: PlistDocument, domain: PlistDomain?,
        format: DocumentationFormat
    ) -> HoverResult? {
        // A key's tags: `path` is the dictionary holding it.
        if element.tag == .key, let dictionary = document.node(at: path), dictionary.kind == .dictionary,
            let key = dictionary.entries.first(where: { $0.key?.element.start == element.start })?.key
        {
            guard var result = keyHover(key, parent: path, domain: domain, format: format) else { return nil }
            result.range = element.range
            return result
        }
        // A value's tags: `path` ends with the value's own key (or array index).
        guard let last = path.last, let node = document.node(at: path), node.element.start == element.start else { return nil }
        if let result = valueHover(node, path: path, in: document, domain: domain, format: format, range: element.range) { return result }
        let parentPath = Array(path.dropLast())
        guard case .key(let name) = last, let dictionary = document.node(at: parentPath), dictionary.kind == .dictionary,
            let key = dictionary.entries.last(where: { $0.key?.text == name && $0.value?.element.start == element.start })?.key,
            var result = keyHover(key, parent: parentPath, domain: domain, format: format)
        else { return nil }
        result.range = element.range
        return result
    }

    static func keyHover(_ key: PlistKey, parent path: [PathComponent], domain: PlistDomain?, format: DocumentationFormat) -> HoverResult? {
        guard let domain else { return nil }
        let db = KeyDatabase.shared
        let parent = path
        let range = key.textRange
        let code: (String) -> String = { format == .markdown ? "`\($0)`" : $0 }
        // Blanks at the key's edges: the system reads them, so this is not the key it looks like.
        if let blanks = KeyWhitespace(key.text) {
            let written = KeyWhitespace.visible(key.text)
            var text = "\(code(written)) \(blanks.description) (leading or trailing white space): the system reads the key with the blanks"
            if db.definition(for: blanks.trimmed, at: parent, domain: domain) != nil {
                let name = format == .markdown ? "**\(blanks.trimmed)**" : blanks.trimmed
                text += ", so it is not \(name), and \(code(blanks.trimmed)) is not set by this entry."
            } else {
                text += "."
            }
            text += " Trim the key."
            return HoverResult(text: text, format: format, range: range)
        }
        if let match = db.lookup(key.text, at: parent, domain: domain) {
            let docs = KeyRendering.hover(match.definition, suffix: match.suffix, format: format)
            switch match.kind {
            case .exact:
                return HoverResult(text: docs, format: format, range: range)
            case .caseInsensitive, .misspelling:
                let note = "\(code(key.text)) is not spelled like the key the system reads: did you mean \(code(match.definition.name))?"
                return HoverResult(text: note + "\n\n" + docs, format: format, range: range)
            }
        }
        // A name chosen by the developer inside a dictionary that takes any key (an exception domain…).
        if let (owner, _) = FeatureLookup.definition(forValueAt: path, domain: domain), owner.allowsCustomChildKeys {
            return HoverResult(
                text: "\(code(key.text)) is an entry of \(code(owner.name)); its name is yours to choose.", format: format, range: range)
        }
        var text: String
        switch domain {
        case .infoPlist:
            text = "\(code(key.text)) is a custom key: the system does not read it, your code may."
        case .entitlements:
            text =
                "\(code(key.text)) is not an entitlement plist-lsp knows. Code signing records it as written; the system grants it only if it exists and the provisioning profile allows it."
        case .privacyManifest:
            text = "\(code(key.text)) is not a privacy-manifest key: App Store Connect refuses manifests with keys it does not expect."
        case .launchd:
            text =
                "\(code(key.text)) is not a launchd key plist-lsp knows. launchd ignores keys it does not read; newer macOS reads some that launchd.plist(5) does not list."
        }
        if let nearest = db.suggestions(for: key.text, at: parent, domain: domain, limit: 1).first, isNearMiss(nearest) {
            let xcode = nearest.definition.xcodeName.map { " (\($0))" } ?? ""
            text += " Did you mean \(code(nearest.definition.name))\(xcode)?"
        }
        return HoverResult(text: text, format: format, range: range)
    }

    static func isNearMiss(_ suggestion: KeySuggestion) -> Bool {
        switch suggestion.reason {
        case .knownMisspelling, .caseDifference, .displayName: return true
        case .editDistance(let d): return d <= 3
        case .sharedWords: return false
        }
    }

    /// The `$(VAR)` or `${VAR}` span holding `offset` inside `content`, if any.
    static func buildSetting(in text: SourceText, content: Range<Int>, at offset: Int) -> Range<Int>? {
        TextScan.buildSettingSpans(in: text, content: content).first { offset >= $0.lowerBound && offset <= $0.upperBound }
    }

    static func trimmed(_ range: Range<Int>, in text: SourceText) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && TextScan.isSpace(text[lo]) { lo += 1 }
        while hi > lo && TextScan.isSpace(text[hi - 1]) { hi -= 1 }
        return lo < hi ? lo..<hi : range
    }
}
