// The text of a value of some type, as completion and fixes insert it: with placeholders when the
// client takes snippets, on one line when it cannot take line breaks.
import PlistSchema
import PlistSyntax

/// The text of a value of some type, with placeholders when snippets are on.
struct Skeleton {
    let type: ValueType
    let element: ValueType?
    let values: [EnumValue]
    let closed: Bool
    let indent: String
    let unit: String
    let snippets: Bool
    /// Containers span lines (`<dict>`, indented body, `</dict>`); else they stay on one line.
    let multiLine: Bool

    init(
        type: ValueType, element: ValueType?, values: [EnumValue], closed: Bool = false, indent: String, unit: String,
        snippets: Bool, multiLine: Bool = true
    ) {
        self.multiLine = multiLine
        self.type = type
        self.element = element
        self.values = values
        self.closed = closed
        self.indent = indent
        self.unit = unit
        self.snippets = snippets
    }

    init(definition: KeyDefinition, indent: String, unit: String, snippets: Bool) {
        self.init(
            type: definition.valueTypes.first ?? .string, element: definition.arrayElementType,
            values: definition.values, closed: definition.valuesAreClosed, indent: indent, unit: unit, snippets: snippets)
    }

    func value() -> String { render(type, indent: indent, placeholder: 1) + (snippets ? "$0" : "") }

    private func render(_ type: ValueType, indent: String, placeholder: Int) -> String {
        let p = snippets ? "$\(placeholder)" : ""
        switch type {
        case .boolean:
            return snippets ? "<${\(placeholder)|true,false|}/>" : "<true/>"
        case .string:
            if snippets, !values.isEmpty, self.type == .string {
                let choices = values.map { escapeChoice($0.value) }.joined(separator: ",")
                return "<string>${\(placeholder)|\(choices)|}</string>"
            }
            return "<string>\(p)</string>"
        case .integer, .real, .date, .data:
            return "<\(type.rawValue)>\(p)</\(type.rawValue)>"
        case .dictionary:
            guard multiLine else { return "<dict>\(p)</dict>" }
            return "<dict>\n\(indent)\(unit)\(p)\n\(indent)</dict>"
        case .array:
            let item = element.map { render($0, indent: indent + unit, placeholder: placeholder) } ?? p
            guard multiLine else { return "<array>\(item)</array>" }
            return "<array>\n\(indent)\(unit)\(item)\n\(indent)</array>"
        }
    }

    private func escapeChoice(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "$" || c == "}" || c == "\\" || c == "," || c == "|" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
