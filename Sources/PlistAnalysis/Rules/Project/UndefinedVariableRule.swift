// project-undefined-variable: `$(NAME)` in a plist that no configuration of its target defines.
import PlistSchema
import PlistSyntax
import XcodeProject
import SourceEvidence

public struct UndefinedVariableRule: Rule {
    public let id = "project-undefined-variable"
    public let title = "A build setting the plist references is defined nowhere"
    public let rationale = """
        Xcode replaces `$(NAME)` and `${NAME}` in an Info.plist or entitlements file with the target's \
        build setting, and with nothing when no configuration, .xcconfig or Xcode itself defines it: \
        the built app then carries an empty bundle identifier, version or URL. Xcode's implicit \
        settings (`PRODUCT_BUNDLE_IDENTIFIER`, `EXECUTABLE_NAME`, `SRCROOT`, `DEVELOPMENT_LANGUAGE`, \
        `MARKETING_VERSION`…) are never reported. When a configuration using the plist includes an \
        .xcconfig that cannot be read (a developer's git-ignored file, Flutter's `Generated.xcconfig`), \
        the setting may be defined there: `project-evidence-unknown` says that whether it is defined \
        is unknown, with a note at the line that includes the file. An `#include?` of an absent \
        file is optional, as Xcode reads it, and changes nothing.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.infoPlist, .entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>CFBundleShortVersionString</key>
            	<string>$(↓APP_VERSION)</string>
            </dict>
            </plist>

            """, project: ExampleProject(settings: "MARKETING_VERSION = 1.0\n")),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>CFBundleShortVersionString</key>\n\t<string>$(APP_VERSION)</string>\n\t<key>CFBundleExecutable</key>\n\t<string>$(EXECUTABLE_NAME)</string>\n"
            ),
            project: ExampleProject(settings: "APP_VERSION = 1.0\n")),
    ]
    public init() {}

    /// A file the configurations using the plist include but that cannot be read may define the
    /// setting: one note for each (at most three), at the line that includes or names it (else
    /// the top of the project file).
    static func missingFileNotes(_ name: String, _ project: ProjectInput) -> [(message: String, location: SourceLocation)] {
        var seen = Set<String>()
        var notes: [(message: String, location: SourceLocation)] = []
        let unread = Set(project.unreadFiles)
        for use in project.uses {
            for file in use.missingFiles where unread.contains(file) && seen.insert(file).inserted && notes.count < 3 {
                let fileName = ProjectPath.lastComponent(file)
                let site = use.missingFileSites[file]
                let path = site?.path ?? use.projectPath
                // The start of the line: an #include starts its line, and column 0 is the same in
                // every encoding.
                let start = SourcePosition(line: site?.line ?? 0, utf8Column: 0, utf16Column: 0, utf32Column: 0)
                let lineStart = site.map { $0.range.lowerBound - $0.column } ?? 0
                let location = SourceLocation(
                    path: path, relativePath: ProjectPath.lastComponent(path), range: lineStart..<lineStart,
                    start: start, end: start)
                let message: String
                if let site, site.path.hasSuffix(".xcconfig") {
                    message = "\(fileName), included here, cannot be read: if it defines \(name), Xcode uses that value"
                } else {
                    message =
                        "the project names \(fileName)\(site == nil ? "" : " here"), which cannot be read: if it defines \(name), Xcode uses that value"
                }
                notes.append((message, location))
            }
        }
        return notes
    }

    /// The references in the document to a setting no configuration using it defines (as far as
    /// the project can be read).
    static func undefined(_ context: RuleContext) -> [(reference: DocumentReference, name: String)] {
        guard let project = context.project else { return [] }
        var out: [(reference: DocumentReference, name: String)] = []
        for found in DocumentReferences.all(in: context.document) {
            let name = found.reference.name
            guard !name.isEmpty, !name.contains("$"), !ImplicitBuildSettings.isImplicit(name),
                !found.reference.modifiers.contains(where: { $0.hasPrefix("default=") })
            else { continue }
            let defined = project.uses.contains { use in use.settings.contains { $0.isDefined(name) || $0.isAssigned(name) } }
            if !defined { out.append((found, name)) }
        }
        return out
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        // With a file of the configurations unread, the setting may be defined there:
        // project-evidence-unknown says so instead.
        guard let project = context.project, project.unreadFiles.isEmpty else { return }
        for (found, name) in Self.undefined(context) {
            out.append(
                diagnostic(
                    "'\(name)' is not defined by any configuration of \(project.targetNames), so Xcode replaces $(\(name)) with nothing",
                    found.nameRange))
        }
    }
}
