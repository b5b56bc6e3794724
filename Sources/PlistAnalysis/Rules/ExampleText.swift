// Builders for the texts of rule examples.

/// Builders for example files.
public enum ExampleText {
    /// A property list whose root dictionary holds `body` (lines indented by one tab).
    public static func dict(_ body: String) -> String {
        "<plist version=\"1.0\">\n<dict>\n" + body + "</dict>\n</plist>\n"
    }

    /// A small valid Info.plist.
    public static let validInfoPlist = dict(
        "\t<key>CFBundleIdentifier</key>\n\t<string>com.example.app</string>\n\t<key>CFBundleName</key>\n\t<string>Demo</string>\n")
}
