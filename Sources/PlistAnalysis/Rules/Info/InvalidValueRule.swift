// info-invalid-value: a value outside a key's enumerated values, with the nearest valid one. The
// same check runs on entitlements and privacy manifests under their own ids (Entitlement/, Privacy/).
import PlistSchema
import PlistSyntax

public struct InvalidValueRule: IdentifiedRule {
    public let identity: RuleIdentity
    public let defaultSeverity = Finding.Severity.warning

    /// The Info.plist rule.
    public init() {
        self.init(
            RuleIdentity(
                id: "info-invalid-value", title: "A value the key does not accept",
                rationale: """
                    Keys with a fixed set of values (background modes, orientations, status bar styles, app \
                    categories, `NSExceptionMinimumTLSVersion`, …) ignore anything else, usually without a word. \
                    For keys whose documented values are only the common ones (device capabilities, extension \
                    points) a value one or two letters away from a documented one is reported as a likely typo. \
                    The fix replaces the value with the nearest valid one; it is offered, never applied by fix-all \
                    (even a change of letter case changes what the system reads). \
                    For security settings (the key database marks them, e.g. `NSExceptionMinimumTLSVersion`) the \
                    invalid value is ignored and the secure default applies, so the suggestion is that default \
                    (then the nearest stronger value), never a weaker value, and never applied automatically. \
                    Build-setting references are accepted.
                    """, category: .values, fileKinds: [.infoPlist],
                examples: [
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>UIBackgroundModes</key>
                        	<array>
                        		↓<string>remote-notifications</string>
                        	</array>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UIBackgroundModes</key>
                            	<array>
                            		<string>remote-notification</string>
                            	</array>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>UIStatusBarStyle</key>
                        	↓<string>UIStatusBarStyleLight</string>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UIStatusBarStyle</key>
                            	<string>UIStatusBarStyleLightContent</string>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>NSAppTransportSecurity</key>
                        	<dict>
                        		<key>NSExceptionDomains</key>
                        		<dict>
                        			<key>example.com</key>
                        			<dict>
                        				<key>NSExceptionMinimumTLSVersion</key>
                        				↓<string>TLSv1.4</string>
                        			</dict>
                        		</dict>
                        	</dict>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>NSAppTransportSecurity</key>
                            	<dict>
                            		<key>NSExceptionDomains</key>
                            		<dict>
                            			<key>example.com</key>
                            			<dict>
                            				<key>NSExceptionMinimumTLSVersion</key>
                            				<string>TLSv1.2</string>
                            			</dict>
                            		</dict>
                            	</dict>
                            </dict>
                            </plist>

                            """),
                    .triggering(
                        """
                        <plist version="1.0">
                        <dict>
                        	<key>UIRequiredDeviceCapabilities</key>
                        	<array>
                        		↓<string>front-facing-camra</string>
                        	</array>
                        </dict>
                        </plist>

                        """,
                        fixed: """
                            <plist version="1.0">
                            <dict>
                            	<key>UIRequiredDeviceCapabilities</key>
                            	<array>
                            		<string>front-facing-camera</string>
                            	</array>
                            </dict>
                            </plist>

                            """),
                    .nonTriggering(
                        ExampleText.dict(
                            "\t<key>UIBackgroundModes</key>\n\t<array>\n\t\t<string>audio</string>\n\t\t<string>$(EXTRA_MODE)</string>\n\t</array>\n\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>arm64</string>\n\t\t<string>some-future-capability</string>\n\t</array>\n"
                        )),
                ]))
    }

    /// The same check under another identity, for the keys of other kinds of file.
    init(_ identity: RuleIdentity) {
        self.identity = identity
    }

    /// Values the reference does not list but real bundles rely on: Quick Look generators and
    /// Spotlight importers declare their document types with their own roles.
    static let extraValues: [String: Set<String>] = ["CFBundleTypeRole": ["QLGenerator", "MDImporter"]]

    /// The valid value `text` most likely meant: the same ignoring case; else, when every candidate
    /// shares a long prefix (`NSPrivacyAccessedAPICategory…`) that `text` has too, the nearest by what
    /// follows it (so `…Location` is not taken for `…DiskSpace`); else the nearest overall; else, in a
    /// closed set, the one value `text` abbreviates (`prod` for `production`).
    static func suggestion(for text: String, among candidates: [String], closed: Bool) -> String? {
        let folded = text.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == folded }) { return same }
        var found: String?
        let prefix = candidates.count > 1 ? Self.commonPrefix(candidates) : ""
        if prefix.count >= 8, folded.hasPrefix(prefix.lowercased()) {
            let rest = String(text.dropFirst(prefix.count))
            let tails = candidates.map { String($0.dropFirst(prefix.count)) }
            found = Nearest.match(rest, in: tails, maximum: closed ? max(2, rest.count / 3) : nil).map { prefix + $0 }
        } else {
            found = Nearest.match(text, in: candidates, maximum: closed ? max(3, text.count / 3) : nil)
        }
        if found == nil, closed, text.count >= 3 {
            let extending = candidates.filter { $0.lowercased().hasPrefix(folded) }
            if extending.count == 1 { found = extending[0] }
        }
        return found
    }

    /// The longest prefix all of `strings` share.
    static func commonPrefix(_ strings: [String]) -> String {
        guard var prefix = strings.first else { return "" }
        for s in strings.dropFirst() {
            while !s.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// For open value sets: one edit away (two for long values), same first two characters (so
    /// `OEApplication` is a class of its own, not a typo of `NSApplication`), and not a difference
    /// of punctuation alone (`_http._tcp.`).
    static func isLikelyTypo(_ text: String, of candidate: String) -> Bool {
        if text.lowercased() == candidate.lowercased() { return true }
        let d = EditDistance.between(text, candidate)
        guard d <= (text.count >= 12 ? 2 : 1), text.prefix(2).lowercased() == candidate.prefix(2).lowercased() else { return false }
        let letters = { (s: String) in s.lowercased().filter { $0.isLetter || $0.isNumber } }
        return letters(text) != letters(candidate)
    }

    public func check(_ context: RuleContext, into out: inout [Finding]) {
        let edits = EditBuilder(context.text)
        for info in context.keys {
            // Values valid only beside a sibling value (required-reason codes) have a rule of their own.
            guard let def = info.definition, !def.values.isEmpty, !def.hasValuesBesideSiblings,
                let value = info.value
            else { continue }
            if value.kind == .array {
                for item in value.items { check(item, def, info, edits, &out) }
            } else {
                check(value, def, info, edits, &out)
            }
        }
    }

    func check(_ node: PlistNode, _ def: KeyDefinition, _ info: KeyInfo, _ edits: EditBuilder, _ out: inout [Finding]) {
        guard node.kind == .string || node.kind == .integer || node.kind == .real else { return }
        let text = node.trimmedText
        guard !text.isEmpty, !BuildSettingReference.occurs(in: text) else { return }
        if def.values.contains(where: { $0.value == text }) || Self.extraValues[def.name]?.contains(text) == true { return }
        let candidates = def.values.map(\.value).filter { !BuildSettingReference.occurs(in: $0) }
        if def.securitySensitive, let secure = def.defaultValue, candidates.contains(secure) {
            // The system ignores the invalid value and applies the default: suggest the default
            // first, then the nearest value at least as strong, never a weaker one.
            let stronger = def.suggestibleValues.map(\.value).filter { !BuildSettingReference.occurs(in: $0) }
            var fixes = [
                Fix(
                    title: "Change to '\(secure)' (the secure default)", edits: [edits.replacingContent(of: node, with: secure)],
                    isPreferred: true)
            ]
            if let nearest = Nearest.match(text, in: stronger, maximum: max(3, text.count / 3)), nearest != secure {
                fixes.append(Fix(title: "Change to '\(nearest)'", edits: [edits.replacingContent(of: node, with: nearest)]))
            }
            let message =
                "'\(text)' is not a valid value of '\(info.key.text)' (the system ignores it and applies '\(secure)'): did you mean '\(secure)', the secure default?"
            out.append(diagnostic(message, node.element.range, fixes: fixes))
            return
        }
        let nearest = Self.suggestion(for: text, among: candidates, closed: def.valuesAreClosed)
        guard def.valuesAreClosed || nearest != nil else { return }
        if !def.valuesAreClosed, let nearest, !Self.isLikelyTypo(text, of: nearest) { return }
        var fixes: [Fix] = []
        var message = "'\(text)' is not a valid value of '\(info.key.text)'"
        if let nearest {
            message += ": did you mean '\(nearest)'?"
            fixes.append(Fix(title: "Change to '\(nearest)'", edits: [edits.replacingContent(of: node, with: nearest)], isPreferred: true))
        } else if candidates.count <= 8 {
            message += " (valid: \(candidates.joined(separator: ", ")))"
        }
        out.append(diagnostic(message, node.element.range, fixes: fixes))
    }
}
