// plist-openstep-syntax: what the OpenStep reader could not read in an old-style property list.
import PlistSyntax

/// Reported by `OpenStepAnalysis` for each problem of `OpenStepDocument.problems`; listed here
/// for the documentation and configuration.
public struct OpenStepSyntaxRule: Rule {
    public static let ruleID = "plist-openstep-syntax"
    public var id: String { Self.ruleID }
    public let title = "An OpenStep (old-style) property list that does not read"
    public let rationale = """
        OpenStep property lists (`{ key = value; }`, the format of `project.pbxproj`) are read \
        tolerantly: a missing `;`, an unterminated string or comment, or a stray character is \
        reported here and the values around it are still checked. Foundation refuses such a file.
        """
    public let category = RuleCategory.structure
    public let defaultSeverity = Finding.Severity.error
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public let examples: [RuleExample] = [
        .triggering(
            """
            { CFBundleName = Demo↓ }

            """),
        .nonTriggering("{ CFBundleName = Demo; }\n"),
    ]
    public init() {}
    public func check(_ context: RuleContext, into out: inout [Finding]) {}
}
