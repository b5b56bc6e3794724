// An Xcode workspace (`*.xcworkspace/contents.xcworkspacedata`): the projects it lists
// (`<FileRef location = "group:App.xcodeproj">`, nested in `<Group>`s), as CocoaPods writes it for
// an app and its Pods project. Read as text: attributes only, no entities beyond XML's five, no DTD.

/// The projects an Xcode workspace names.
struct XcodeWorkspaceReader {
    /// The workspace bundle (`…/App.xcworkspace`).
    let path: String
    /// The absolute paths of the `.xcodeproj` bundles (and other files) its file references name.
    private(set) var references: [String] = []

    init(path: String, text: [UInt8]) {
        self.path = path
        let container = ProjectPath.parent(path)
        var groups: [String] = [container]
        let s = String(decoding: text, as: UTF8.self)
        var rest = s[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("/Group") {
                if groups.count > 1 { groups.removeLast() }
                continue
            }
            let isGroup = tag.hasPrefix("Group"), isFile = tag.hasPrefix("FileRef")
            guard isGroup || isFile else { continue }
            let location = Self.attribute("location", in: tag).map { Self.resolve($0, group: groups.last!, container: container) }
            if isFile, let location = location ?? nil {
                references.append(location)
            } else if isGroup, !tag.hasSuffix("/") {
                groups.append((location ?? nil) ?? groups.last!)
            }
        }
    }

    /// The `project.pbxproj` of each `.xcodeproj` referenced.
    var projectFiles: [String] {
        references.filter { $0.hasSuffix(".xcodeproj") }.map { ProjectPath.join($0, "project.pbxproj") }
    }

    /// `group:`, `container:` and `absolute:` locations (a `self:` one is the workspace's own project).
    static func resolve(_ location: String, group: String, container: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon], value = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return ProjectPath.join(group, value)
        case "container": return ProjectPath.join(container, value)
        case "absolute": return ProjectPath.normalized(value)
        default: return nil
        }
    }

    /// The value of `name = "…"` in a tag, with XML's five entities decoded.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.firstRange(of: name) {
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            var after = rest[found.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            rest = rest[found.upperBound...]
            guard before.isWhitespace, after.first == "=" else { continue }
            after = after.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard let quote = after.first, quote == "\"" || quote == "'" else { return nil }
            let body = after.dropFirst()
            guard let end = body.firstIndex(of: quote) else { return nil }
            return String(body[..<end])
                .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
                .replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
        }
        return nil
    }
}
