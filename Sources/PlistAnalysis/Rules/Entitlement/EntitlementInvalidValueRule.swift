// entitlement-invalid-value: an entitlement value outside the values it takes.

extension InvalidValueRule {
    static let entitlements = InvalidValueRule(
        RuleIdentity(
            id: "entitlement-invalid-value", title: "An entitlement value the entitlement does not take",
            rationale: """
                Entitlements with a fixed set of values (`aps-environment`: `development` or `production`, \
                `com.apple.developer.icloud-container-environment`, `com.apple.developer.default-data-protection`, \
                …) are compared with the provisioning profile and read by the system as written: `prod` or \
                `Production` for `aps-environment` fails code signing or registers with no push environment. \
                For entitlements whose documented values are the common ones (Network Extension providers, \
                iCloud services) a value one or two letters from a documented one is reported as a likely \
                typo. The fix replaces the value with the valid one it most likely means (the same ignoring \
                case, the nearest, or the one value it abbreviates); it is offered, never applied by fix-all.
                """,
            category: .entitlements, fileKinds: [.entitlements],
            examples: [
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>aps-environment</key>
                    	↓<string>prod</string>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>aps-environment</key>
                        	<string>production</string>
                        </dict>
                        </plist>

                        """, path: EntitlementExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>com.apple.developer.icloud-services</key>
                    	<array>
                    		↓<string>CloudKitt</string>
                    	</array>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>com.apple.developer.icloud-services</key>
                        	<array>
                        		<string>CloudKit</string>
                        	</array>
                        </dict>
                        </plist>

                        """, path: EntitlementExample.path),
                EntitlementExample.nonTriggering(
                    "\t<key>aps-environment</key>\n\t<string>development</string>\n\t<key>com.apple.developer.networking.networkextension</key>\n\t<array>\n\t\t<string>packet-tunnel-provider</string>\n\t\t<string>url-filter-provider</string>\n\t</array>\n"
                ),
            ]))
}
