// privacy-invalid-value: an API category, collected data type or purpose that is not one of Apple's.

extension InvalidValueRule {
    static let privacyManifest = InvalidValueRule(
        RuleIdentity(
            id: "privacy-invalid-value", title: "A category, data type or purpose Apple does not define",
            rationale: """
                `NSPrivacyAccessedAPIType`, `NSPrivacyCollectedDataType` and `NSPrivacyCollectedDataTypePurposes` \
                take only Apple's identifiers. App Store Connect refuses a manifest with any other value \
                (ITMS-91056), and Xcode's privacy report leaves invented data types and purposes out. The fix \
                replaces a misspelled identifier with the nearest valid one (`…CategoryUserDefault` → \
                `…CategoryUserDefaults`); it is offered, never applied by fix-all. Reason codes are checked \
                against their category by `privacy-invalid-reason`.
                """,
            category: .privacyManifest, fileKinds: [.privacyManifest],
            examples: [
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>NSPrivacyAccessedAPITypes</key>
                    	<array>
                    		<dict>
                    			<key>NSPrivacyAccessedAPIType</key>
                    			↓<string>NSPrivacyAccessedAPICategoryUserDefault</string>
                    			<key>NSPrivacyAccessedAPITypeReasons</key>
                    			<array>
                    				<string>CA92.1</string>
                    			</array>
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
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>NSPrivacyCollectedDataTypes</key>
                    	<array>
                    		<dict>
                    			<key>NSPrivacyCollectedDataType</key>
                    			↓<string>NSPrivacyCollectedDataTypePhotosOrVideos</string>
                    			<key>NSPrivacyCollectedDataTypeLinked</key>
                    			<false/>
                    			<key>NSPrivacyCollectedDataTypeTracking</key>
                    			<false/>
                    			<key>NSPrivacyCollectedDataTypePurposes</key>
                    			<array>
                    				<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
                    			</array>
                    		</dict>
                    	</array>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>NSPrivacyCollectedDataTypes</key>
                        	<array>
                        		<dict>
                        			<key>NSPrivacyCollectedDataType</key>
                        			<string>NSPrivacyCollectedDataTypePhotosorVideos</string>
                        			<key>NSPrivacyCollectedDataTypeLinked</key>
                        			<false/>
                        			<key>NSPrivacyCollectedDataTypeTracking</key>
                        			<false/>
                        			<key>NSPrivacyCollectedDataTypePurposes</key>
                        			<array>
                        				<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
                        			</array>
                        		</dict>
                        	</array>
                        </dict>
                        </plist>

                        """, path: PrivacyExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>NSPrivacyCollectedDataTypes</key>
                    	<array>
                    		<dict>
                    			<key>NSPrivacyCollectedDataType</key>
                    			↓<string>App Version</string>
                    			<key>NSPrivacyCollectedDataTypeLinked</key>
                    			<false/>
                    			<key>NSPrivacyCollectedDataTypeTracking</key>
                    			<false/>
                    			<key>NSPrivacyCollectedDataTypePurposes</key>
                    			<array>
                    				<string>NSPrivacyCollectedDataTypePurposeAppFunctionality</string>
                    			</array>
                    		</dict>
                    	</array>
                    </dict>
                    </plist>

                    """, path: PrivacyExample.path),
                .triggering(
                    """
                    <plist version="1.0">
                    <dict>
                    	<key>NSPrivacyCollectedDataTypes</key>
                    	<array>
                    		<dict>
                    			<key>NSPrivacyCollectedDataType</key>
                    			<string>NSPrivacyCollectedDataTypeCrashData</string>
                    			<key>NSPrivacyCollectedDataTypeLinked</key>
                    			<false/>
                    			<key>NSPrivacyCollectedDataTypeTracking</key>
                    			<false/>
                    			<key>NSPrivacyCollectedDataTypePurposes</key>
                    			<array>
                    				↓<string>NSPrivacyCollectedDataTypePurposeAnalytic</string>
                    			</array>
                    		</dict>
                    	</array>
                    </dict>
                    </plist>

                    """,
                    fixed: """
                        <plist version="1.0">
                        <dict>
                        	<key>NSPrivacyCollectedDataTypes</key>
                        	<array>
                        		<dict>
                        			<key>NSPrivacyCollectedDataType</key>
                        			<string>NSPrivacyCollectedDataTypeCrashData</string>
                        			<key>NSPrivacyCollectedDataTypeLinked</key>
                        			<false/>
                        			<key>NSPrivacyCollectedDataTypeTracking</key>
                        			<false/>
                        			<key>NSPrivacyCollectedDataTypePurposes</key>
                        			<array>
                        				<string>NSPrivacyCollectedDataTypePurposeAnalytics</string>
                        			</array>
                        		</dict>
                        	</array>
                        </dict>
                        </plist>

                        """, path: PrivacyExample.path),
                .nonTriggering(
                    PrivacyExample.data(
                        PrivacyExample.dataEntry(
                            "NSPrivacyCollectedDataTypeCrashData", purposes: ["NSPrivacyCollectedDataTypePurposeAnalytics"])),
                    path: PrivacyExample.path),
            ]))
}
