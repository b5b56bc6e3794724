// Where the profile rules' facts come from: Apple's device-management payload schemas.

extension RuleFacts {
    /// Apple's machine-readable payload schemas (the database's source) and its profile reference.
    /// (The schemas themselves: github.com/apple/device-management, mdm/profiles; docs/profiles.md.)
    static let profileSchemas = RuleFacts(pages: [
        "https://developer.apple.com/documentation/devicemanagement/toplevel",
        "https://developer.apple.com/documentation/devicemanagement/commonpayloadkeys",
    ])
}
