// project-undefined-variable: `$(NAME)` in a plist that no configuration of its target defines.
import PlistSchema
import PlistSyntax
import XcodeProject

public struct UndefinedVariableRule: Rule {
    public let id = "project-undefined-variable"
    public let title = "A build setting the plist references is defined nowhere"
    public let rationale = """
        Xcode replaces `$(NAME)` and `${NAME}` in an Info.plist or entitlements file with the target's \
        build setting, and with nothing when no configuration, .xcconfig or Xcode itself defines it: \
        the built app then carries an empty bundle identifier, version or URL. Xcode's implicit \
        settings (`PRODUCT_BUNDLE_IDENTIFIER`, `EXECUTABLE_NAME`, `SRCROOT`, `DEVELOPMENT_LANGUAGE`, \
        `MARKETING_VERSION`…) are never reported. A setting defined only in a file the project \
        includes but does not contain (a developer's local .xcconfig) is reported too: check it is \
        set where the app is built.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.infoPlist, .entitlements] }
    public let examples: [RuleExample] = [
        .triggering(ExampleText.dict("\t<key>CFBundleShortVersionString</key>\n\t<string>$(APP_VERSION)</string>\n"),
                    project: ExampleProject(settings: "MARKETING_VERSION = 1.0\n")),
        .nonTriggering(ExampleText.dict("\t<key>CFBundleShortVersionString</key>\n\t<string>$(APP_VERSION)</string>\n\t<key>CFBundleExecutable</key>\n\t<string>$(EXECUTABLE_NAME)</string>\n"),
                       project: ExampleProject(settings: "APP_VERSION = 1.0\n")),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project else { return }
        for found in DocumentReferences.all(in: context.document) {
            let name = found.reference.name
            guard !name.isEmpty, !name.contains("$"), !ImplicitBuildSettings.isImplicit(name),
                  !found.reference.modifiers.contains(where: { $0.hasPrefix("default=") }) else { continue }
            let defined = project.uses.contains { use in use.settings.contains { $0.isDefined(name) || $0.isAssigned(name) } }
            if defined { continue }
            let missing = Set(project.uses.flatMap(\.missingFiles).map { ProjectPath.lastComponent($0) }).sorted()
            let note = missing.isEmpty ? "" : " (unless a file the project includes but does not contain defines it: \(missing.prefix(3).joined(separator: ", ")))"
            out.append(diagnostic("'\(name)' is not defined by any configuration of \(project.targetNames): Xcode replaces $(\(name)) with nothing\(note)", found.nameRange))
        }
    }
}
