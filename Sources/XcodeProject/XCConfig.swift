// The .xcconfig reader: `NAME[cond=value] = value` lines, `#include "path"` and `#include? "path"`,
// `//` comments. Tolerant: a line it cannot read is a problem, the other lines are kept.

/// One line of an .xcconfig file that means something.
public enum XCConfigItem: Sendable, Hashable {
    /// `#include "path"` (`optional`: `#include?`, absent files are fine), at `location`.
    case include(path: String, optional: Bool, location: SourceSpan)
    case assignment(BuildSettingAssignment)
}

/// An .xcconfig file read from its bytes.
public struct XCConfigFile: Sendable, Hashable {
    public let path: String
    public let items: [XCConfigItem]
    /// Lines that are neither an assignment, an include nor a comment.
    public let problems: [(message: String, location: SourceSpan)]

    public init(path: String, text: [UInt8]) {
        self.path = path
        var items: [XCConfigItem] = []
        var problems: [(String, SourceSpan)] = []
        var lineStart = 0, lineNumber = 0
        while lineStart <= text.count {
            var lineEnd = lineStart
            while lineEnd < text.count && text[lineEnd] != 0x0A { lineEnd += 1 }
            Self.read(text[lineStart..<lineEnd], start: lineStart, line: lineNumber, path: path, into: &items, problems: &problems)
            if lineEnd >= text.count { break }
            lineStart = lineEnd + 1
            lineNumber += 1
        }
        self.items = items
        self.problems = problems
    }

    public static func == (a: XCConfigFile, b: XCConfigFile) -> Bool { a.path == b.path && a.items == b.items }
    public func hash(into h: inout Hasher) { h.combine(path); h.combine(items) }

    /// The assignments, in file order.
    public var assignments: [BuildSettingAssignment] {
        items.compactMap {
            if case .assignment(let a) = $0 { return a }; return nil
        }
    }

    private static func read(
        _ line: ArraySlice<UInt8>, start: Int, line number: Int, path: String,
        into items: inout [XCConfigItem], problems: inout [(String, SourceSpan)]
    ) {
        var i = line.startIndex
        while i < line.endIndex, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        guard i < line.endIndex else { return }
        let span = { (from: Int, to: Int) in SourceSpan(path: path, range: from..<to, line: number, column: from - start) }
        let rest = line[i...]
        if rest.starts(with: "//".utf8) || line[i] == 0x0D { return }
        if rest.starts(with: "#include".utf8) {
            var j = i + 8
            var optional = false
            if j < line.endIndex, line[j] == UInt8(ascii: "?") { optional = true; j += 1 }
            while j < line.endIndex, line[j] == 0x20 || line[j] == 0x09 { j += 1 }
            guard j < line.endIndex, line[j] == UInt8(ascii: "\"") || line[j] == UInt8(ascii: "<"),
                let close = line[(j + 1)...].firstIndex(of: line[j] == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "\""))
            else {
                problems.append(("an #include needs a quoted path", span(i, line.endIndex)))
                return
            }
            items.append(
                .include(path: String(decoding: line[(j + 1)..<close], as: UTF8.self), optional: optional, location: span(i, close + 1)))
            return
        }
        guard let eq = rest.firstIndex(of: UInt8(ascii: "=")) else {
            problems.append(("not a build setting assignment (NAME = value)", span(i, line.endIndex)))
            return
        }
        // The name ends at '=' unless a condition's '=' comes first: skip the brackets.
        var nameEnd = i
        var depth = 0
        while nameEnd < line.endIndex {
            let c = line[nameEnd]
            if c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: "]") {
                depth -= 1
            } else if c == UInt8(ascii: "="), depth <= 0 {
                break
            }
            nameEnd += 1
        }
        _ = eq
        guard nameEnd < line.endIndex else {
            problems.append(("not a build setting assignment (NAME = value)", span(i, line.endIndex)))
            return
        }
        let rawName = String(decoding: line[i..<nameEnd], as: UTF8.self)
        let (name, conditions) = BuildSettingAssignment.parseName(rawName)
        guard !name.isEmpty, name.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || ($0 >= 0x30 && $0 <= 0x39) || $0.isLetterASCII }) else {
            problems.append(("'\(rawName.trimmingSpaces)' is not a build setting name", span(i, nameEnd)))
            return
        }
        var valueEnd = line.endIndex
        var k = nameEnd + 1
        while k + 1 < line.endIndex {
            if line[k] == UInt8(ascii: "/"), line[k + 1] == UInt8(ascii: "/") { valueEnd = k; break }
            k += 1
        }
        var value = String(decoding: line[(nameEnd + 1)..<valueEnd], as: UTF8.self).trimmingSpaces
        if value.hasSuffix(";") { value.removeLast(); value = value.trimmingSpaces }
        let nameLength = name.utf8.count
        items.append(
            .assignment(BuildSettingAssignment(name: name, conditions: conditions, value: value, location: span(i, i + nameLength))))
    }
}
