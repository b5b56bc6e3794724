// Plist files as fixtures write them: the header Xcode writes around the entries of the root
// dictionary, so a fixture shows only the entries it is about.

/// Plist text with Xcode's header and footer.
public enum PlistText {
    /// The XML declaration Xcode writes.
    public static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    /// The DOCTYPE Xcode writes.
    public static let doctype =
        "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"

    /// A whole file whose root dictionary holds `entries` (lines; a final line break is added if
    /// missing), with Xcode's DOCTYPE when `doctype` is true. It ends with `</plist>` and a line
    /// break, as Xcode's files do.
    public static func dictionary(_ entries: String, doctype: Bool = false) -> String {
        let lines = entries.isEmpty || entries.hasSuffix("\n") ? entries : entries + "\n"
        return declaration + (doctype ? Self.doctype : "") + "<plist version=\"1.0\">\n<dict>\n" + lines + "</dict>\n</plist>\n"
    }

    /// An Info.plist whose root dictionary holds a bundle identifier (`com.example.app`), then `body`.
    public static func infoPlist(_ body: String) -> String {
        dictionary("\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n" + body)
    }

    /// A root-dictionary entry with some nesting: `CFBundleURLTypes` holding one URL type with the
    /// scheme `myapp` (lines, each ending in a line break), for outline, folding and selection tests.
    /// A privacy manifest with one accessed-API entry (UserDefaults, reason CA92.1), tab-indented.
    public static let privacyManifest = dictionary(
        """
        \t<key>NSPrivacyAccessedAPITypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>NSPrivacyAccessedAPIType</key>
        \t\t\t<string>NSPrivacyAccessedAPICategoryUserDefaults</string>
        \t\t\t<key>NSPrivacyAccessedAPITypeReasons</key>
        \t\t\t<array>
        \t\t\t\t<string>CA92.1</string>
        \t\t\t</array>
        \t\t</dict>
        \t</array>
        """, doctype: true)

    public static let urlTypesEntry = """
        \t<key>CFBundleURLTypes</key>
        \t<array>
        \t\t<dict>
        \t\t\t<key>CFBundleURLSchemes</key>
        \t\t\t<array><string>myapp</string></array>
        \t\t</dict>
        \t</array>

        """
}
