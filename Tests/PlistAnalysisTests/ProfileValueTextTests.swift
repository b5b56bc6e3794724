// The profile rules read every string of a profile on every keystroke, and tell placeholders and
// MDM variables by a look at the bytes of an ASCII string, as characters beyond ASCII: these are
// the strings where that look must not decide wrongly (any letter case, letters beyond ASCII that
// upper-case to a placeholder's words, marks beyond ASCII).
import Testing
import PlistAnalysis
import PlistSyntax

@Suite struct ProfileValueTextTests {
    /// The `rule` messages for a profile whose payload has `Value` = `text` and whose `PayloadScope` is `scope`.
    static func messages(_ text: String = "x", scope: String = "System", rule: String = "profile-placeholder") -> [String] {
        let payload =
            "<key>PayloadIdentifier</key><string>com.example.p.dock</string><key>PayloadType</key><string>com.apple.dock</string>"
            + "<key>PayloadUUID</key><string>0F1E2D3C-4B5A-4968-8776-A5B4C3D2E1F0</string><key>PayloadVersion</key><integer>1</integer>"
            + "<key>Value</key><string>\(text)</string>"
        let profile =
            "<plist version=\"1.0\"><dict><key>PayloadContent</key><array><dict>\(payload)</dict></array>"
            + "<key>PayloadIdentifier</key><string>com.example.p</string><key>PayloadType</key><string>Configuration</string>"
            + "<key>PayloadUUID</key><string>5C6A2E5B-3C21-4E7B-9B6F-2D8E1A4C7F10</string><key>PayloadVersion</key><integer>1</integer>"
            + "<key>PayloadScope</key><string>\(scope)</string></dict></plist>"
        return Analyzer.findings(for: PlistDocument(text: Array(profile.utf8)), path: "Example.mobileconfig")
            .filter { $0.code == rule }.map(\.message)
    }

    @Test(arguments: [
        ("your-uuid-here", "a placeholder (\"your-\")"),
        ("Insert_Value", "a placeholder (\"insert_\")"),
        ("value-HeRe", "a placeholder (\"-here\")"),
        ("Replace me", "a \"replace\" placeholder"),
        ("replaceme", "a \"replace\" placeholder"),
        ("@@@@RANDOM-UUID-CODE-HERE@@@@", "a placeholder between @@@@ marks"),
        ("xxxxxxxx-xxxx-xxxx", "a run of X standing for a value"),
        // Beyond ASCII: the dotless ı upper-cases to I, the long ſ to S.
        ("ınsert-name", "a placeholder (\"insert-\")"),
        ("INſERT_name", "a placeholder (\"insert_\")"),
    ])
    func placeholderInAnyLetterCase(_ text: String, _ what: String) {
        #expect(Self.messages(text) == ["'\(text)' is \(what), left in Value: replace it before the profile is installed"])
    }

    @Test(arguments: ["com.example.app", "Here we go", "your account", "XXX-XXX", "xxxx and more", "@@@", "Insert", "é", "Größe-HERE?"])
    func noPlaceholder(_ text: String) {
        // "Größe-HERE?" holds -HERE: a placeholder, found past its letters beyond ASCII.
        #expect(Self.messages(text).isEmpty == (text != "Größe-HERE?"))
    }

    /// An MDM variable or a template's stands for the value the server sends: not judged.
    @Test(arguments: [
        "{{ scope }}", "${SCOPE}", "$SCOPE", "%Scope%", "@SCOPE@", "__SCOPE__", "__SCOPE_2__", "a__B__c",
        "{{ é }}", "é${X}", "__É__", "Ü %Scope%",
    ])
    func substitutedValuesAreNotJudged(_ scope: String) {
        #expect(Self.messages(scope: scope, rule: "profile-invalid-value").isEmpty)
    }

    @Test(arguments: [
        "__scope__", "__x__A__", "____", "___", "{ {", "$ {", "%Scope", "@SCOPE", "$1", "__SC OPE__", "__É", "{{\u{301}x", "__\u{301}A__",
    ])
    func otherValuesAreJudged(_ scope: String) {
        #expect(
            Self.messages(scope: scope, rule: "profile-invalid-value") == ["'\(scope)' is not a value PayloadScope takes: System and User"])
    }
}
