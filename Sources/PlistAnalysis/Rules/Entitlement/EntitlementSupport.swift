// What the entitlement rules share: example files for their documentation and tests.

/// Example entitlement files.
enum EntitlementExample {
    /// The file name examples are analysed under.
    static let path = "App.entitlements"

    /// An entitlements file whose root dictionary holds `body` (lines indented by one tab).
    static func file(_ body: String) -> String { ExampleText.dict(body) }

    /// An example entitlements file holding `body` that must trigger the rule; `fixed`: the body
    /// after the rule's preferred fix, if it has one.
    static func triggering(_ body: String, fixed: String? = nil) -> RuleExample {
        .triggering(file(body), fixed: fixed.map(file), path: path)
    }

    /// An example entitlements file holding `body` that must not trigger the rule.
    static func nonTriggering(_ body: String) -> RuleExample {
        .nonTriggering(file(body), path: path)
    }
}
