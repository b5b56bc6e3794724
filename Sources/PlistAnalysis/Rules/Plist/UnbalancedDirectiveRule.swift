// plist-unbalanced-directive: an `#if` never closed, an `#endif` or `#else` without `#if`, an
// `#elif` after `#else` in a preprocessed Info.plist (docs/preprocessed-plists.md).
import PlistSyntax

public struct UnbalancedDirectiveRule: Rule {
    public let id = "plist-unbalanced-directive"
    public let title = "An #if, #else or #endif without its partner"
    public let rationale = """
        Xcode runs an Info.plist with `INFOPLIST_PREPROCESS = YES` through the C preprocessor, which \
        stops the build on an `#if` that is never closed or an `#endif` that closes nothing. The \
        analysis reads such a file branch by branch, so an unbalanced group also makes it guess \
        where a branch ends.
        """
    public let category = RuleCategory.structure
    public let defaultSeverity = Finding.Severity.warning
    public var fileKinds: Set<FileKind> { FileKind.allKinds }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	↓#ifdef DEBUG
            	<key>UIFileSharingEnabled</key>
            	<true/>
            </dict>
            </plist>

            """),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>CFBundleName</key>
            	<string>Demo</string>
            	↓#endif
            </dict>
            </plist>

            """),
        .nonTriggering(
            ExampleText.dict(
                "\t<key>CFBundleDisplayName</key>\n\t#if BETA\n\t<string>Demo β</string>\n\t#else\n\t<string>Demo</string>\n\t#endif\n")),
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        for problem in context.document.conditionals.problems {
            out.append(diagnostic(problem.message, problem.range))
        }
    }
}
