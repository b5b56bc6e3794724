// entitlement-misspelled-key: an entitlement in the wrong letter case or a letter or two from a known one.

extension MisspelledKeyRule {
    static let entitlements = MisspelledKeyRule(
        RuleIdentity(
            id: "entitlement-misspelled-key", title: "A misspelled entitlement",
            rationale: """
                Code signing copies any key into the signature, but the system looks entitlements up by \
                their exact name: `com.apple.security.network.clien` grants nothing, so the sandboxed app \
                cannot connect. Reported for a known entitlement in another letter case and for unknown keys \
                one or two edits from a known one; other unknown keys are left alone (private and new \
                entitlements exist). The rename is offered, never applied by fix-all; onto an entitlement \
                that loosens a protection (hardened-runtime exceptions, sandbox temporary exceptions, \
                `get-task-allow`) it is not even the preferred fix.
                """,
            category: .entitlements, fileKinds: [.entitlements],
            examples: [
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>↓com.apple.security.network.clien</key>
                    	<true/>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>com.apple.security.network.client</key>
                        	<true/>
                        </dict>
                        </plist>

                        """, path: EntitlementExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>↓com.apple.security.App-Sandbox</key>
                    	<true/>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>com.apple.security.app-sandbox</key>
                        	<true/>
                        </dict>
                        </plist>

                        """, path: EntitlementExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>↓com.apple.security.cs.allow-jitt</key>
                    	<true/>
                    </dict>
                    </plist>

                    """, path: EntitlementExample.path),
                EntitlementExample.nonTriggering(
                    "\t<key>com.apple.security.network.client</key>\n\t<true/>\n\t<key>com.apple.private.example-entitlement</key>\n\t<true/>\n"
                ),
            ]))
}
