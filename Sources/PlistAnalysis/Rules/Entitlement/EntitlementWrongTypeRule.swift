// entitlement-wrong-type: an entitlement whose value (or array item) has the wrong type.

extension WrongTypeRule {
    static let entitlements = WrongTypeRule(
        RuleIdentity(
            id: "entitlement-wrong-type", title: "An entitlement has a value of the wrong type",
            rationale: """
                The system grants an entitlement only when its value has the documented type: \
                `<string>YES</string>` for `com.apple.security.app-sandbox` is not `<true/>`, so the app is not \
                sandboxed (and the Mac App Store refuses it); a single `<string>` where an array of app groups \
                belongs grants no group. Unlike Info.plist, a number is not read as a Boolean. The fix converts \
                the value (`YES`/`NO`/`true`/`false`/`1`/`0` to `<true/>`/`<false/>`, a single value to a \
                one-item array); it is offered, never applied by fix-all, since it changes what is granted.
                """,
            category: .entitlements, fileKinds: [.entitlements],
            examples: [
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>com.apple.security.app-sandbox</key>
                    	↓<string>YES</string>
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
                    	<key>com.apple.security.application-groups</key>
                    	↓<string>group.com.example.shared</string>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>com.apple.security.application-groups</key>
                        	<array>
                        		<string>group.com.example.shared</string>
                        	</array>
                        </dict>
                        </plist>

                        """, path: EntitlementExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>com.apple.security.network.client</key>
                    	↓<integer>1</integer>
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
                EntitlementExample.nonTriggering(
                    "\t<key>com.apple.security.app-sandbox</key>\n\t<true/>\n\t<key>aps-environment</key>\n\t<string>$(APS_ENVIRONMENT)</string>\n"
                ),
            ]),
        strictNumbers: true)
}
