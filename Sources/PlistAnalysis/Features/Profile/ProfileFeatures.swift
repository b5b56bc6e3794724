// Completion and hover in a configuration profile, from Apple's payload schemas (ProfileSchema):
// the wrapper's keys at the top level, payload types in PayloadContent, then each payload's keys
// (raw name and title) and their values. docs/profiles.md.
import PlistSchema
import PlistSyntax

/// How a key's or payload's facts read, in our words, from the schema's data.
enum ProfileRendering {
    static func platformLine(_ facts: [Platform: ProfilePlatformFacts], code: (String) -> String) -> String? {
        var parts: [String] = []
        for platform in ProfileSchema.platformOrder {
            guard let f = facts[platform], f.isAvailable else { continue }
            var s = platform.displayName + (f.introduced.map { " \($0)+" } ?? "")
            var notes: [String] = []
            if let d = f.deprecated { notes.append("deprecated in \(d)") }
            if let r = f.removed { notes.append("removed in \(r)") }
            if f.supervised == true { notes.append("supervised only") }
            if f.userEnrollment == "forbidden" { notes.append("not with User Enrollment") }
            if f.userEnrollment == "ignored" { notes.append("ignored under User Enrollment") }
            if !notes.isEmpty { s += " (" + notes.joined(separator: ", ") + ")" }
            parts.append(s)
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    static func typeWord(_ key: ProfileKey) -> String {
        guard let type = key.type else { return "any type" }
        switch type {
        case .boolean: return "Boolean"
        case .array:
            if let item = key.item, let t = item.type { return "array of \(t == .dictionary ? "dictionaries" : t.rawValue + "s")" }
            return "array"
        default: return type.rawValue
        }
    }

    /// The short line a completion item shows.
    static func detail(_ key: ProfileKey) -> String {
        var s = typeWord(key) + (key.isRequired ? ", required" : "")
        if let d = key.defaultValue { s += ", default \(ProfileWords.value(d))" }
        return key.title.map { "\($0) — \(s)" } ?? s
    }

    static func key(
        _ key: ProfileKey, payload: ProfilePayload?, platforms: [Platform: ProfilePlatformFacts], format: DocumentationFormat
    ) -> String {
        let md = format == .markdown
        let code: (String) -> String = { md ? "`\($0)`" : $0 }
        var lines: [String] = []
        lines.append((md ? "**\(key.name)**" : key.name) + (key.title.map { " — \($0)" } ?? ""))
        if let payload { lines.append("Key of the \(payload.title) payload (\(code(payload.type)))") }
        lines.append("")
        var facts = ["Type: \(typeWord(key))", key.isRequired ? "required" : "optional"]
        if let d = key.defaultValue { facts.append("default: \(code(ProfileWords.value(d)))") }
        lines.append((md ? "- " : "") + facts.joined(separator: " · "))
        if !key.allowedValues.isEmpty {
            lines.append((md ? "- " : "") + "Values: " + key.allowedValues.map { code(ProfileWords.value($0)) }.joined(separator: ", "))
        }
        if key.minimum != nil || key.maximum != nil {
            let lo = key.minimum.map { SchemaValue.double($0).text } ?? "…", hi = key.maximum.map { SchemaValue.double($0).text } ?? "…"
            lines.append((md ? "- " : "") + "Range: \(lo) to \(hi)")
        }
        if let f = key.format { lines.append((md ? "- " : "") + "Format: \(code(f))") }
        if let p = platformLine(platforms, code: code) { lines.append((md ? "- " : "") + "Platforms: " + p) }
        if let payload { lines.append(""); lines.append(link(payload, format: format)) }
        return lines.joined(separator: "\n")
    }

    static func payload(_ payload: ProfilePayload, format: DocumentationFormat) -> String {
        let md = format == .markdown
        let code: (String) -> String = { md ? "`\($0)`" : $0 }
        var lines = [(md ? "**\(payload.title)**" : payload.title) + " payload (\(code(payload.type)))", ""]
        if let p = platformLine(payload.platforms, code: code) { lines.append((md ? "- " : "") + "Platforms: " + p) }
        let once = ProfileSchema.platformOrder.compactMap { payload.platforms[$0] }.filter(\.isAvailable).allSatisfy {
            $0.multiple == false
        }
        lines.append((md ? "- " : "") + (once ? "At most one per profile" : "A profile may hold more than one"))
        let required = payload.keys.filter { $0.isRequired && $0.name != "ANY" }.map { code($0.name) }
        lines.append(
            (md ? "- " : "") + "\(payload.keys.count) keys" + (required.isEmpty ? "" : "; required: " + required.joined(separator: ", ")))
        lines.append("")
        lines.append(link(payload, format: format))
        return lines.joined(separator: "\n")
    }

    static func link(_ payload: ProfilePayload, format: DocumentationFormat) -> String {
        format == .markdown
            ? "[Apple's \(payload.title) reference](\(payload.documentationURL))" : "Apple's reference: \(payload.documentationURL)"
    }
}

enum ProfileHover {
    static func hover(at offset: Int, in document: PlistDocument, format: DocumentationFormat) -> HoverResult? {
        let context = document.context(at: offset)
        let schema = ProfileSchema.shared
        let code: (String) -> String = { format == .markdown ? "`\($0)`" : $0 }
        switch context.place {
        case .key(let dictionary, let index):
            guard let key = dictionary.entries[index].key,
                let scope = ProfileSchemaLookup.scope(ofDictionaryAt: context.path, in: document)
            else { return nil }
            let path = context.path + [.key(key.text)]
            if let definition = scope.key(key.text) {
                let facts = ProfileWalk(document).values.first { $0.path == path }?.platforms ?? definition.platforms
                return HoverResult(
                    text: ProfileRendering.key(definition, payload: scope.payload, platforms: facts, format: format), format: format,
                    range: key.textRange)
            }
            if scope.isOpen {
                guard scope.payload == nil, scope.role == .payload else { return nil }
                return HoverResult(
                    text:
                        "\(code(key.text)) is a key of an app's preferences (a payload type Apple's schemas do not describe): the app reads it, the system does not check it.",
                    format: format, range: key.textRange)
            }
            var text = "\(code(key.text)) is not in Apple's schema here: the system ignores keys it does not know."
            if let match = Nearest.match(key.text, in: scope.keys.map(\.name)) { text += " Did you mean \(code(match))?" }
            return HoverResult(text: text, format: format, range: key.textRange)
        case .value(let node):
            let literal = node.trimmedText
            let range = HoverProvider.trimmed(node.element.contentRange, in: document.tree.text)
            if node.kind == .string, ProfileValueText.isSubstituted(literal) {
                return HoverResult(
                    text:
                        "\(code(literal)) holds a variable that the device-management server (or the template) replaces with a value when it delivers the profile.",
                    format: format, range: range)
            }
            if context.path.count == 3, context.path.last == .key("PayloadType"), context.path.first == .key("PayloadContent") {
                if let payload = schema.payloads[literal] {
                    return HoverResult(text: ProfileRendering.payload(payload, format: format), format: format, range: range)
                }
                return HoverResult(
                    text:
                        "\(code(literal)) is not one of Apple's payload types: macOS installs it as the managed preferences of that domain.",
                    format: format, range: range)
            }
            guard let (definition, payload) = ProfileSchemaLookup.definition(forValueAt: context.path, in: document) else { return nil }
            return HoverResult(
                text: ProfileRendering.key(definition, payload: payload, platforms: definition.platforms, format: format), format: format,
                range: range)
        default:
            return nil
        }
    }
}

enum ProfileCompletion {
    /// Proposals at `offset`, or nil where the generic completion (tags, close tags) answers.
    static func complete(in document: PlistDocument, at offset: Int, options: CompletionStyle) -> CompletionResult? {
        let context = document.context(at: offset)
        let text = document.tree.text
        switch context.place {
        case .key(let dictionary, let index):
            guard let key = dictionary.entries[index].key, let scope = ProfileSchemaLookup.scope(ofDictionaryAt: context.path, in: document)
            else { return nil }
            var range = key.textRange
            let closed = key.element.endTagRange != nil
            if !closed { range = range.lowerBound..<typedEnd(range, offset: offset, text: text) }
            let typed = document.tree.string(range.lowerBound..<min(offset, range.upperBound))
            let present = Set(dictionary.entries.enumerated().compactMap { $0.offset == index ? nil : $0.element.key?.text })
            return keys(scope, typed: typed, present: present, range: range, options: options, snippet: false) { k in
                closed ? k.name : EditBuilder.escape(k.name) + "</key>"
            }
        case .dictionaryGap(let node, let index):
            guard let scope = ProfileSchemaLookup.scope(ofDictionaryAt: context.path, in: document) else { return nil }
            let (at, word) = typedWord(offset: offset, text: text, document: document)
            guard let at else { return nil }
            if index > 0, index <= node.entries.count, node.entries[index - 1].value == nil, let pending = node.entries[index - 1].key {
                guard let definition = scope.key(pending.text) else { return nil }
                return values(definition, scope: scope, keyName: pending.text, typed: word, range: at..<offset, wrap: true)
            }
            let indent = TextScan.indentation(text, offset), unit = TextScan.indentUnit(text, container: node)
            return keys(
                scope, typed: word, present: Set(node.keys), range: at..<offset, options: options,
                snippet: options.snippets && options.multiLine
            ) { k in
                let skeleton = Skeleton(
                    type: k.type ?? .string, element: k.item?.type,
                    values: k.allowedValues.map { EnumValue(value: ProfileWords.value($0), note: "") },
                    indent: indent, unit: unit, snippets: options.snippets, multiLine: options.multiLine)
                let name = EditBuilder.escape(k.name)
                let entry = "<key>\(options.snippets && options.multiLine ? TextScan.snippetEscaped(name) : name)</key>"
                return options.multiLine ? entry + "\n" + indent + skeleton.value() : entry
            }
        case .value(let node):
            guard node.kind == .string || node.kind == .integer || node.kind == .real else { return nil }
            guard let keyName = context.path.last.flatMap({ if case .key(let k) = $0 { return k } else { return nil } }),
                let scope = ProfileSchemaLookup.scope(ofDictionaryAt: Array(context.path.dropLast()), in: document),
                let definition = scope.key(keyName)
            else { return nil }
            var range = node.element.contentRange
            let close = node.element.endTagRange == nil ? "</\(node.element.tag.text ?? "string")>" : ""
            if !close.isEmpty { range = range.lowerBound..<typedEnd(range, offset: offset, text: text) }
            let typed = document.tree.string(range.lowerBound..<min(offset, range.upperBound))
            var result = values(definition, scope: scope, keyName: keyName, typed: typed, range: range, wrap: false)
            for i in result.items.indices { result.items[i].edit.replacement += Array(close.utf8) }
            return result
        default:
            return nil
        }
    }

    /// The payload types, for a payload's `PayloadType`.
    static func payloadTypeItems(typed: String, range: Range<Int>, wrap: Bool) -> [CompletionSuggestion] {
        let schema = ProfileSchema.shared
        let t = typed.lowercased()
        return schema.payloadTypes.enumerated().compactMap { i, type -> CompletionSuggestion? in
            let payload = schema.payloads[type]!
            guard t.isEmpty || type.lowercased().contains(t) || payload.title.lowercased().contains(t) else { return nil }
            let platforms = payload.availablePlatforms.map(\.displayName).joined(separator: ", ")
            return CompletionSuggestion(
                label: type, kind: .value, displayName: payload.title, detail: "\(payload.title) payload (\(platforms))",
                filterText: "\(type) \(payload.title)", sortText: String(format6(i)),
                edit: SourceEdit(range: range, replacement: wrap ? "<string>\(type)</string>" : type))
        }
    }

    static func values(
        _ definition: ProfileKey, scope: ProfileScope, keyName: String, typed: String, range: Range<Int>, wrap: Bool
    ) -> CompletionResult {
        if scope.role == .payload && keyName == "PayloadType" {
            return CompletionResult(items: payloadTypeItems(typed: typed, range: range, wrap: wrap), isIncomplete: !typed.isEmpty)
        }
        var items: [CompletionSuggestion] = []
        let t = typed.lowercased()
        if definition.type == .boolean && wrap {
            for (i, b) in ["true", "false"].enumerated() where t.isEmpty || b.hasPrefix(t) {
                let isDefault = definition.defaultValue == .bool(b == "true")
                items.append(
                    CompletionSuggestion(
                        label: "<\(b)/>", kind: .keyword, detail: isDefault ? "Boolean (the default)" : "Boolean",
                        filterText: b, sortText: format6(i), edit: SourceEdit(range: range, replacement: "<\(b)/>")))
            }
        }
        let tag = definition.type == .integer ? "integer" : definition.type == .real ? "real" : "string"
        for (i, v) in definition.allowedValues.enumerated() {
            let s = ProfileWords.value(v)
            guard t.isEmpty || s.lowercased().contains(t) else { continue }
            let isDefault = definition.defaultValue == v
            items.append(
                CompletionSuggestion(
                    label: s, kind: .value, detail: isDefault ? "the default" : nil, filterText: s, sortText: format6(10 + i),
                    edit: SourceEdit(range: range, replacement: wrap ? "<\(tag)>\(EditBuilder.escape(s))</\(tag)>" : EditBuilder.escape(s)))
            )
        }
        return CompletionResult(items: items, isIncomplete: !typed.isEmpty)
    }

    static func keys(
        _ scope: ProfileScope, typed: String, present: Set<String>, range: Range<Int>, options: CompletionStyle, snippet: Bool,
        insert: (ProfileKey) -> String
    ) -> CompletionResult {
        let t = typed.lowercased()
        var items: [CompletionSuggestion] = []
        for (i, k) in scope.keys.enumerated() where k.name != "ANY" && !present.contains(k.name) {
            let title = k.title ?? ""
            guard t.isEmpty || k.name.lowercased().contains(t) || title.lowercased().contains(t) else { continue }
            let rank = k.name.lowercased().hasPrefix(t) ? 0 : 1
            items.append(
                CompletionSuggestion(
                    label: k.name, kind: .key, displayName: k.title, detail: ProfileRendering.detail(k),
                    filterText: title.isEmpty ? k.name : "\(k.name) \(title)",
                    sortText: "\(rank)\(k.isRequired ? 0 : 1)" + format6(i),
                    edit: SourceEdit(range: range, replacement: insert(k)), isSnippet: snippet))
        }
        items.sort { $0.sortText < $1.sortText }
        let truncated = items.count > options.limit
        if truncated { items.removeLast(items.count - options.limit) }
        return CompletionResult(items: items, isIncomplete: truncated || !typed.isEmpty)
    }

    static func format6(_ i: Int) -> String {
        let s = String(i)
        return String(repeating: "0", count: max(0, 6 - s.count)) + s
    }

    /// The plain word typed before the cursor on its line (nil when a tag is being typed there).
    static func typedWord(offset: Int, text: SourceText, document: PlistDocument) -> (Int?, String) {
        let start = TextScan.lineStart(text, offset)
        var i = offset
        while i > start {
            let b = text[i - 1]
            if b == 0x3C || b == 0x3E { return (nil, "") }
            if TextScan.isSpace(b) { break }
            i -= 1
        }
        return (i, document.tree.string(i..<offset))
    }

    static func typedEnd(_ range: Range<Int>, offset: Int, text: SourceText) -> Int {
        let from = max(range.lowerBound, min(offset, range.upperBound))
        var end = from
        while end < range.upperBound && text[end] != 0x0A && text[end] != 0x0D { end += 1 }
        while end > from && TextScan.isSpace(text[end - 1]) { end -= 1 }
        return end
    }
}
