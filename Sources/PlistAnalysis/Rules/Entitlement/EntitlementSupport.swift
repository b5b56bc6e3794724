// What the entitlement rules share: example files for their documentation and tests.

/// Example entitlement files.
enum EntitlementExample {
    /// The file name examples are analysed under.
    static let path = "App.entitlements"

    /// An entitlements file whose root dictionary holds `body` (lines indented by one tab).
    static func file(_ body: String) -> String { ExampleText.dict(body) }
}
