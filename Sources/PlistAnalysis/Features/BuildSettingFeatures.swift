// Editor features on `$(VAR)` references of a plist a project uses: hover (the value in each
// configuration and where it is set), go-to-definition (the assignment's line in the .xcconfig,
// pbxproj or project.yml) and inlay hints (the resolved value). Pure: the project is an input.
import PlistSchema
import PlistSyntax
import XcodeProject

/// Build-setting features; pure.
public enum BuildSettingFeatures {
    /// One configuration's value of a reference.
    struct Value {
        let target: String
        let configuration: String
        let value: String?
        let assignment: BuildSettingAssignment?
        let level: SettingLevel?
        /// Whether the value is cut at `ResolvedBuildSettings.maximumValueLength`.
        var truncated = false
    }

    static func values(of reference: SettingReference, project: ProjectInput) -> [Value] {
        var out: [Value] = []
        for use in project.uses {
            for settings in use.settings {
                var name = reference.name
                if name.contains("$") { name = settings.expand(name).value }
                if let resolved = settings.setting(name) {
                    out.append(
                        Value(
                            target: use.target.name, configuration: settings.configuration,
                            value: BuildSettingReferences.apply(reference.modifiers, to: resolved.value), assignment: resolved.assignment,
                            level: resolved.level,
                            truncated: resolved.isTruncated))
                } else {
                    out.append(
                        Value(
                            target: use.target.name, configuration: settings.configuration,
                            value: reference.modifiers.contains { $0.hasPrefix("default=") }
                                ? BuildSettingReferences.apply(reference.modifiers, to: "") : nil,
                            assignment: nil, level: nil))
                }
            }
        }
        return out
    }

    /// The hover over the reference at `offset`: its value in each configuration and where it is set.
    public static func hover(
        in document: PlistDocument, at offset: Int, project: ProjectInput, format: DocumentationFormat = .markdown
    ) -> HoverResult? {
        guard let found = DocumentReferences.at(offset, in: document) else { return nil }
        let markdown = format == .markdown
        let name = found.reference.name
        var lines: [String] = [
            markdown
                ? "**`$(\(name))`**, a build setting of \(project.targetNames)" : "$(\(name)), a build setting of \(project.targetNames)"
        ]
        if !found.reference.modifiers.isEmpty { lines[0] += " (with \(found.reference.modifiers.joined(separator: ", ")))" }
        lines.append("")
        let several = project.uses.count > 1
        for v in values(of: found.reference, project: project) {
            let label = several ? "\(v.target) \(v.configuration)" : v.configuration
            let value: String
            if let text = v.value {
                value = markdown ? (text.isEmpty ? "(empty)" : "`\(text)`") : (text.isEmpty ? "(empty)" : text)
            } else {
                value = "undefined: Xcode substitutes nothing"
            }
            var line = "- \(label): \(value)"
            if v.truncated { line += " (cut at \(ResolvedBuildSettings.maximumValueLength) bytes: it expands further)" }
            if let location = v.assignment?.location {
                line += " — \(ProjectPath.lastComponent(location.path)):\(location.line + 1)"
                if let level = v.level { line += " (\(level))" }
            } else if v.value != nil {
                line += ImplicitBuildSettings.isImplicit(name) ? " — set by Xcode" : ""
            }
            lines.append(line)
        }
        if markdown == false { lines = lines.map { $0.replacingOccurrences(of: "`", with: "") } }
        return HoverResult(text: lines.joined(separator: "\n"), format: format, range: found.range)
    }

    /// Where the reference at `offset` is set: the assignment of each configuration (distinct places).
    public static func definitions(in document: PlistDocument, at offset: Int, project: ProjectInput) -> [SourceSpan] {
        guard let found = DocumentReferences.at(offset, in: document) else { return [] }
        var out: [SourceSpan] = []
        for v in values(of: found.reference, project: project) {
            if let location = v.assignment?.location, !out.contains(location) { out.append(location) }
        }
        return out
    }

    /// The resolved value after each reference that starts inside `range`: `= value` (the first
    /// configuration's), or every configuration's when they differ.
    public static func inlayHints(in document: PlistDocument, range: Range<Int>, project: ProjectInput) -> [InlayHintItem] {
        var out: [InlayHintItem] = []
        for found in DocumentReferences.all(in: document)
        where range.contains(found.range.lowerBound) || found.range.lowerBound == range.upperBound {
            let all = values(of: found.reference, project: project)
            guard let first = all.first else { continue }
            let distinct = Set(all.map { $0.value ?? "\u{0}" })
            let label: String
            if distinct.count == 1 {
                guard let value = first.value else { continue }
                label = "= " + shortened(value.isEmpty ? "(empty)" : value)
            } else {
                label = all.map { "\($0.configuration): " + shortened($0.value.map { $0.isEmpty ? "(empty)" : $0 } ?? "undefined") }.joined(
                    separator: " · ")
            }
            out.append(
                InlayHintItem(
                    offset: found.range.upperBound, label: label,
                    tooltip: first.assignment?.location.map { "\(ProjectPath.lastComponent($0.path)):\($0.line + 1)" }))
        }
        return out
    }

    static func shortened(_ s: String) -> String { s.count > 40 ? String(s.prefix(39)) + "…" : s }
}

extension String {
    fileprivate func replacingOccurrences(of a: String, with b: String) -> String {
        split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}
