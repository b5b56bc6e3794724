// A Swift package's Package.swift, read as text (never run): its targets, each with its folder
// (`path:`, else Sources/<name>, Tests/<name> for a test target, Plugins/<name> for a plugin), its
// `exclude:` and its `resources:` (`.process`/`.copy`). A package target's sources and resources
// are the files of its folder, so its privacy manifest hears of that target's code only.

/// The targets a Package.swift declares, as far as a reading of its text finds them.
struct PackageManifestReader {
    struct Target: Equatable {
        var name: String
        var kind: String
        /// Relative to the package folder.
        var path: String
        var exclude: [String]
        var resources: [String]
    }

    let path: String
    let directory: String
    private(set) var targets: [Target] = []

    /// The target declarations this reader knows (`.target(`, `.executableTarget(`, …).
    static let declarations = ["target", "executableTarget", "testTarget", "macro", "plugin", "systemLibrary", "binaryTarget"]

    init(path: String, text: [UInt8]) {
        self.path = path
        directory = ProjectPath.parent(path)
        let code = Self.withoutComments(text)
        var i = 0
        while i < code.count {
            // `.name(` where name is a target declaration.
            guard code[i] == UInt8(ascii: ".") else { i += 1; continue }
            var j = i + 1
            while j < code.count, Self.isIdentifier(code[j]) { j += 1 }
            let word = String(decoding: code[(i + 1)..<j], as: UTF8.self)
            var k = j
            while k < code.count, code[k] == 0x20 || code[k] == 0x0A || code[k] == 0x09 { k += 1 }
            guard Self.declarations.contains(word), k < code.count, code[k] == UInt8(ascii: "(") else { i = max(j, i + 1); continue }
            guard let end = Self.closingParenthesis(code, from: k) else { break }
            let arguments = Array(code[(k + 1)..<end])
            if let name = Self.stringArgument("name", in: arguments) {
                let folder = word == "testTarget" ? "Tests" : word == "plugin" ? "Plugins" : "Sources"
                targets.append(
                    Target(
                        name: name, kind: word, path: Self.stringArgument("path", in: arguments) ?? "\(folder)/\(name)",
                        exclude: Self.stringsArgument("exclude", in: arguments), resources: Self.stringsArgument("resources", in: arguments)
                    ))
            }
            i = end + 1
        }
    }

    /// Each target's files by folder: its folder, without its `exclude:` paths and the folders of
    /// other targets inside it. Binary and system-library targets have no files of ours.
    var memberships: [(target: Target, membership: SourceMembership)] {
        let own = targets.filter { $0.kind != "binaryTarget" && $0.kind != "systemLibrary" }
        let folders = own.map { ProjectPath.join(directory, $0.path) }
        return own.enumerated().map { n, target in
            let folder = folders[n]
            var excluded = target.exclude.map { ProjectPath.join(folder, $0) }
            for (m, other) in folders.enumerated() where m != n && other != folder && SourceMembership.isAtOrBelow(other, folder) {
                excluded.append(other)
            }
            return (target, SourceMembership(folders: [folder], excluded: excluded))
        }
    }

    static func isIdentifier(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
    }

    /// The text with `//` and `/* */` comments blanked out (string literals kept).
    static func withoutComments(_ text: [UInt8]) -> [UInt8] {
        var out = text
        var i = 0
        var inString = false
        while i < out.count {
            let c = out[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") || c == 0x0A { inString = false }
                i += 1
            } else if c == UInt8(ascii: "\"") {
                inString = true
                i += 1
            } else if c == UInt8(ascii: "/"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "/") {
                while i < out.count, out[i] != 0x0A { out[i] = 0x20; i += 1 }
            } else if c == UInt8(ascii: "/"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "*") {
                var depth = 0
                repeat {
                    if out[i] == UInt8(ascii: "/"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "*") {
                        depth += 1; out[i] = 0x20; out[i + 1] = 0x20; i += 2; continue
                    }
                    if out[i] == UInt8(ascii: "*"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "/") {
                        depth -= 1; out[i] = 0x20; out[i + 1] = 0x20; i += 2; continue
                    }
                    if out[i] != 0x0A { out[i] = 0x20 }
                    i += 1
                } while depth > 0 && i < out.count
            } else {
                i += 1
            }
        }
        return out
    }

    /// The index of the `)` closing the `(` at `open`, skipping string literals; nil when unclosed.
    static func closingParenthesis(_ code: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var i = open
        var inString = false
        while i < code.count {
            let c = code[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { inString = false }
            } else if c == UInt8(ascii: "\"") {
                inString = true
            } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                depth += 1
            } else if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }

    /// The range of the value of the top-level argument `label:` in an argument list.
    static func argument(_ label: String, in arguments: [UInt8]) -> ArraySlice<UInt8>? {
        var depth = 0
        var i = 0
        var inString = false
        let key = Array(label.utf8)
        while i < arguments.count {
            let c = arguments[i]
            if inString {
                if c == UInt8(ascii: "\\") { i += 2; continue }
                if c == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            switch c {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            default:
                if depth == 0, arguments[i...].starts(with: key), i == 0 || !isIdentifier(arguments[i - 1]) {
                    var j = i + key.count
                    while j < arguments.count, arguments[j] == 0x20 { j += 1 }
                    if j < arguments.count, arguments[j] == UInt8(ascii: ":") {
                        // The value runs to the next top-level comma.
                        var end = j + 1, d = 0, s = false
                        while end < arguments.count {
                            let e = arguments[end]
                            if s {
                                if e == UInt8(ascii: "\\") { end += 2; continue }
                                if e == UInt8(ascii: "\"") { s = false }
                            } else if e == UInt8(ascii: "\"") {
                                s = true
                            } else if e == UInt8(ascii: "(") || e == UInt8(ascii: "[") {
                                d += 1
                            } else if e == UInt8(ascii: ")") || e == UInt8(ascii: "]") {
                                d -= 1
                            } else if e == UInt8(ascii: ","), d == 0 {
                                break
                            }
                            end += 1
                        }
                        return arguments[(j + 1)..<min(end, arguments.count)]
                    }
                }
            }
            i += 1
        }
        return nil
    }

    /// The string literals in a piece of code, in order.
    static func strings(in code: ArraySlice<UInt8>) -> [String] {
        var out: [String] = []
        var i = code.startIndex
        while i < code.endIndex {
            if code[i] == UInt8(ascii: "\"") {
                var j = i + 1
                var value: [UInt8] = []
                while j < code.endIndex, code[j] != UInt8(ascii: "\"") {
                    if code[j] == UInt8(ascii: "\\"), j + 1 < code.endIndex { value.append(code[j + 1]); j += 2; continue }
                    value.append(code[j])
                    j += 1
                }
                out.append(String(decoding: value, as: UTF8.self))
                i = j + 1
            } else {
                i += 1
            }
        }
        return out
    }

    static func stringArgument(_ label: String, in arguments: [UInt8]) -> String? {
        argument(label, in: arguments).flatMap { strings(in: $0).first }
    }

    /// The first string of each element: `["a", "b"]`, `[.process("a"), .copy("b", …)]`.
    static func stringsArgument(_ label: String, in arguments: [UInt8]) -> [String] {
        guard let value = argument(label, in: arguments) else { return [] }
        // `.process("Resources", localization: .default)`: the path is each call's first string.
        var out: [String] = []
        var depth = 0
        var element: [UInt8] = []
        for c in value {
            if c == UInt8(ascii: "[") || c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: "]") || c == UInt8(ascii: ")") { depth -= 1 }
            if c == UInt8(ascii: ","), depth == 1 {
                if let first = strings(in: element[...]).first { out.append(first) }
                element = []
            } else {
                element.append(c)
            }
        }
        if let first = strings(in: element[...]).first { out.append(first) }
        return out
    }
}
