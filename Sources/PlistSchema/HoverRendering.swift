// Hover and completion documentation for a key or a value: the same facts as `explain`, as
// Markdown for editors (plain text is the `explain` output itself, so the CLI and hovers agree).

/// The format of rendered documentation.
public enum DocumentationFormat: String, Sendable, Hashable {
    case markdown
    case plainText
}

extension KeyRendering {
    /// Everything known about a key, for hover and completion documentation. Plain text is exactly
    /// `explain`'s output; Markdown shows the same fields.
    public static func hover(_ definition: KeyDefinition, suffix: KeySuffix? = nil, format: DocumentationFormat) -> String {
        if format == .plainText { return explain(definition, suffix: suffix) }
        var out: [String] = []
        var title = "**\(definition.name)**"
        if let xcode = definition.xcodeName, xcode != definition.name { title += " — *\(markdownEscaped(xcode))*" }
        out.append(title)
        if let owner = definition.owner {
            out.append("Third-party key: read by **\(markdownEscaped(owner))**, not by Apple's system.")
        }
        var facts = ["`\(definition.typeDescription)`"]
        if !definition.platforms.isEmpty { facts.append(definition.platforms.map(\.description).joined(separator: ", ")) }
        if definition.localizable { facts.append("localizable (InfoPlist.strings)") }
        if definition.domain != .infoPlist { facts.append(domainTitle(definition.domain)) }
        out.append(facts.joined(separator: " · "))
        if let capability = definition.xcodeCapability { out.append("Added by Xcode's **\(markdownEscaped(capability))** capability.") }
        if let note = placeholderNote(definition) { out.append("*Apple's page \(note).*") }
        if let departure = definition.pageDeparture { out.append("**Unlike Apple's page, on purpose.** \(markdownEscaped(departure))") }
        if let suffix { out.append("Written with the suffix `\(suffix)`, which limits it to that platform or device.") }
        if definition.status.kind != .active {
            var line = "⚠️ **\(definition.status.kind.rawValue.capitalized)**"
            if let since = definition.status.since { line += " since \(since)" }
            if let successor = definition.status.successor { line += " — use `\(successor)` instead" }
            out.append(line + ".")
        }
        out.append(markdownEscaped(definition.summary))
        if !definition.values.isEmpty {
            var block = "**\(valuesHeading(of: definition))**:"
            for value in definition.values {
                block +=
                    "\n- `\(value.value)` — \(markdownEscaped(value.note))"
                    + valueFacts(value).map { " *(\(markdownEscaped($0)))*" }.joined()
            }
            out.append(block)
        }
        var details: [String] = []
        if let value = definition.defaultValue { details.append("**Default:** `\(value)`") }
        if !definition.requiredFor.isEmpty {
            details.append("**Required for** \(definition.requiredFor.map(kindTitle).joined(separator: ", "))")
        }
        if !definition.recommendedFor.isEmpty {
            details.append("**Recommended for** \(definition.recommendedFor.map(kindTitle).joined(separator: ", "))")
        }
        if definition.allowsCustomChildKeys { details.append("**Child keys** are chosen by you.") }
        let children = KeyDatabase.shared.childKeys(of: definition)
        if !children.isEmpty {
            let list = children.map { "`\($0)`" }.joined(separator: ", ")
            details.append("**Keys inside**\(definition.hasFixedChildKeys ? " (only these)" : ""): \(list)")
        }
        if !details.isEmpty { out.append(details.joined(separator: "  \n")) }
        if let review = definition.appStoreReview { out.append("**App Store review:** \(markdownEscaped(review))") }
        if !definition.related.isEmpty { out.append("Related: " + definition.related.map { "`\($0)`" }.joined(separator: ", ")) }
        out.append(definition.isThirdParty ? "[Documentation](\(definition.docURL))" : "[Apple documentation](\(definition.docURL))")
        return out.joined(separator: "\n\n")
    }

    /// What one documented value means, for hover on a value.
    public static func hover(value: EnumValue, ofKey definition: KeyDefinition, format: DocumentationFormat) -> String {
        // The sibling value it needs gets a sentence of its own below.
        let facts = valueFacts(value, withSibling: false)
        let extra = facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))"
        switch format {
        case .markdown:
            var text = "`\(value.value)` — value of **\(definition.name)**\(extra)\n\n\(markdownEscaped(value.note))"
            if let condition = value.onlyWith { text += "\n\nValid with \(condition.key) `\(condition.value)`." }
            return text
        case .plainText:
            var text = "\(value.value) — value of \(definition.name)\(extra)\n\n\(value.note)\n"
            if let condition = value.onlyWith { text += "\nValid with \(condition.key) \(condition.value).\n" }
            return text
        }
    }

    /// Escapes the characters Markdown would take as markup in our prose. A placeholder in angle
    /// brackets (`group.<name>`, `<team ID>`) becomes a code span, not `\\<name>`: a raw `<name>`
    /// is an HTML tag to CommonMark (VS Code drops it), and clients that show Markdown as text
    /// (Neovim, Emacs) would print the backslash of an escape; a code span reads right in both.
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "<",
                let close = characters[(i + 1)...].prefix(40).firstIndex(where: { $0 == ">" || $0 == "<" || $0 == "`" || $0 == "\n" }),
                characters[close] == ">", close > i + 1
            {
                out += "`" + String(characters[i...close]) + "`"
                i = close + 1
                continue
            }
            if c == "*" || c == "_" || c == "`" || c == "<" || c == "[" || c == "]" || c == "\\" { out.append("\\") }
            out.append(c)
            i += 1
        }
        return out
    }
}
