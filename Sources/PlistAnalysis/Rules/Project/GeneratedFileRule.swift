// project-generated-file: an Info.plist or entitlements file that XcodeGen writes from project.yml.
import PlistSyntax
import XcodeProject

public struct GeneratedFileRule: Rule {
    public let id = "project-generated-file"
    public let title = "XcodeGen writes this file from its spec: edits made here are lost"
    public let rationale = """
        A target's `info:` or `entitlements:` block in an XcodeGen spec (`project.yml`) makes \
        `xcodegen generate` write the file at its `path:` from the block's `properties:`, replacing \
        what is there. A key added or changed by hand in the file is gone at the next generation, \
        often unnoticed until the app misbehaves. The note names the spec and the line of the \
        `properties:` (go to definition jumps there): make the change in the spec instead.
        """
    public let category = RuleCategory.project
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { [.infoPlist, .entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            ↓<dict>
            	<key>CFBundleDisplayName</key>
            	<string>Birds</string>
            	<key>NSCameraUsageDescription</key>
            	<string>Photograph the birds you spot.</string>
            </dict>
            </plist>

            """,
            project: ExampleProject(
                xcodeGenSpec: """
                    name: Birds
                    targets:
                      Birds:
                        type: application
                        platform: iOS
                        info:
                          path: Info.plist
                          properties:
                            CFBundleDisplayName: Birds

                    """)),
        .nonTriggering(
            ExampleText.dict("\t<key>CFBundleDisplayName</key>\n\t<string>Birds</string>\n"),
            project: ExampleProject(
                xcodeGenSpec: """
                    name: Birds
                    targets:
                      Birds:
                        type: application
                        platform: iOS
                        settings:
                          INFOPLIST_FILE: Info.plist

                    """)),
    ]
    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let project = context.project, let root = context.document.root else { return }
        for use in project.uses {
            let block = project.role == .infoPlist ? "info" : "entitlements"
            guard let generated = project.role == .infoPlist ? use.target.infoProperties : use.target.entitlementProperties,
                let written = generated.path, Self.names(written, context.path), let site = generated.sites.last ?? generated.sites.first
            else { continue }
            let spec = "\(ProjectPath.lastComponent(site.path)):\(site.line + 1)"
            out.append(
                diagnostic(
                    "XcodeGen writes this file from \(spec) (`\(block).properties` of target \(use.target.name)) at each `xcodegen generate`: "
                        + "a key added or changed here is lost then; make the change in the spec", root.element.startTagRange))
            return
        }
    }

    /// Whether the spec's `path` (relative to its folder, or absolute) names the file at `path`.
    public static func names(_ written: String, _ path: String) -> Bool {
        var relative = Substring(written)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return path == relative || path.hasSuffix("/" + relative) || (relative.hasPrefix("/") && path == relative)
    }
}
