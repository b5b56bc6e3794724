// privacy-wrong-type: a privacy-manifest key whose value (or array item) has the wrong type.

extension WrongTypeRule {
    static let privacyManifest = WrongTypeRule(
        RuleIdentity(
            id: "privacy-wrong-type", title: "A privacy-manifest key has a value of the wrong type",
            rationale: """
                App Store Connect reads every privacy manifest of an upload and refuses one whose keys hold \
                the wrong type of value (ITMS-91056, invalid privacy manifest): `<string>false</string>` for \
                `NSPrivacyTracking`, a lone `<string>` where an array of reasons or purposes belongs. The fix \
                converts the value (`YES`/`NO`/`true`/`false`/`1`/`0` to `<true/>`/`<false/>`, a single string to a \
                one-item array); it is offered, never applied by fix-all, since it changes what the file says.
                """,
            category: .privacyManifest, fileKinds: [.privacyManifest],
            examples: [
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>NSPrivacyTracking</key>
                    	↓<string>NO</string>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>NSPrivacyTracking</key>
                        	<false/>
                        </dict>
                        </plist>

                        """, path: PrivacyExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>NSPrivacyAccessedAPITypes</key>
                    	<array>
                    		<dict>
                    			<key>NSPrivacyAccessedAPIType</key>
                    			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                    			<key>NSPrivacyAccessedAPITypeReasons</key>
                    			↓<string>CA92.1</string>
                    		</dict>
                    	</array>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>NSPrivacyAccessedAPITypes</key>
                        	<array>
                        		<dict>
                        			<key>NSPrivacyAccessedAPIType</key>
                        			<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
                        			<key>NSPrivacyAccessedAPITypeReasons</key>
                        			<array>
                        				<string>CA92.1</string>
                        			</array>
                        		</dict>
                        	</array>
                        </dict>
                        </plist>

                        """, path: PrivacyExample.path),
                .nonTriggering(PrivacyExample.manifest("\t<key>NSPrivacyTracking</key>\n\t<false/>\n"), path: PrivacyExample.path),
            ]),
        strictNumbers: true)
}
