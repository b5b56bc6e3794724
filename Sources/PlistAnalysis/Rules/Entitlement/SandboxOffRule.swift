// entitlement-sandbox-off: App Sandbox entitlements in a file that does not turn the sandbox on.
import PlistSchema
import PlistSyntax

public struct SandboxOffRule: Rule {
    public let id = "entitlement-sandbox-off"
    public let title = "A sandbox entitlement without the App Sandbox"
    public let rationale = """
        Network, file, folder, device and printing entitlements (`com.apple.security.network.client`, \
        `com.apple.security.files.user-selected.read-write`, temporary exceptions, …) open holes in the \
        App Sandbox; without `com.apple.security.app-sandbox` set to true there is no sandbox and they \
        do nothing. That is harmless, but often means the sandbox was meant to be on (the Mac App Store \
        requires it) or the file was copied from a sandboxed target, so it is reported as information. \
        Camera, microphone (`audio-input`), location, contacts, calendars and Photos entitlements also \
        serve the hardened runtime and are not reported.
        """
    public let category = RuleCategory.entitlements
    public let defaultSeverity = Finding.Severity.information
    public var fileKinds: Set<FileKind> { [.entitlements] }
    public let examples: [RuleExample] = [
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>↓com.apple.security.network.client</key>
            	<true/>
            </dict>
            </plist>

            """, path: EntitlementExample.path),
        .triggering(
            """
            <plist version="1.0">
            <dict>
            	<key>com.apple.security.app-sandbox</key>
            	<false/>
            	<key>↓com.apple.security.files.downloads.read-write</key>
            	<true/>
            </dict>
            </plist>

            """, path: EntitlementExample.path),
        EntitlementExample.nonTriggering(
            "\t<key>com.apple.security.app-sandbox</key>\n\t<true/>\n\t<key>com.apple.security.network.client</key>\n\t<true/>\n"),
        EntitlementExample.nonTriggering(
            "\t<key>com.apple.security.device.camera</key>\n\t<true/>\n\t<key>com.apple.security.cs.allow-jit</key>\n\t<true/>\n"),
    ]

    /// Entitlements that only loosen the App Sandbox (by prefix after `com.apple.security.`).
    static let sandboxOnly = [
        "network.", "files.", "assets.", "print", "device.usb", "device.serial", "device.bluetooth", "device.microphone",
        "temporary-exception.", "scripting-targets", "inherit",
    ]

    public init() {}

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        guard let root = context.rootDictionary else { return }
        let sandbox = root.value(forKey: "com.apple.security.app-sandbox")
        if sandbox?.boolValue == true { return }
        let state = sandbox == nil ? "absent" : "not true"
        for e in root.entries {
            guard let key = e.key, key.text.hasPrefix("com.apple.security."), let value = e.value, value.boolValue != false else {
                continue
            }
            let rest = key.text.dropFirst("com.apple.security.".count)
            guard Self.sandboxOnly.contains(where: { rest.hasPrefix($0) }) else { continue }
            out.append(
                diagnostic(
                    "'\(key.text)' has no effect: com.apple.security.app-sandbox is \(state), so there is no sandbox to open", key.textRange
                ))
        }
    }
}
