// Where the profile rules' facts come from: Apple's device-management payload schemas.

extension RuleFacts {
    /// Apple's machine-readable payload schemas (the database's source) and its profile reference.
    static let profileSchemas = RuleFacts(pages: [
        "https://github.com/apple/device-management/tree/release/mdm/profiles",
        "https://developer.apple.com/documentation/devicemanagement/toplevel",
    ])
}
