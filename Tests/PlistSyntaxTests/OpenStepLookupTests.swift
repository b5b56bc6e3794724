// A large OpenStep dictionary (a `project.pbxproj`'s `objects`) answers a key from its index; the
// answer is the one a search through its entries gives: the last entry of a repeated key, and keys
// compared by their exact scalars (`é` and `e` + U+0301 are two keys).
import PlistSyntax
import Testing

@Suite struct OpenStepLookupTests {
    @Test(arguments: [3, 8, 9, 2_000])
    func aKeyIsTheLastEntryOfItsExactName(count: Int) throws {
        var body = ""
        for i in 0..<count { body += "K\(i) = v\(i);\n" }
        body += "K0 = again;\n\"caf\u{E9}\" = nfc;\n\"cafe\u{301}\" = nfd;\n"
        let document = OpenStepDocument(text: Array("{\n\(body)}\n".utf8))
        let root = try #require(document.root)
        #expect(document.problems.isEmpty)
        #expect(root.string("K0") == "again")
        #expect(root.string("caf\u{E9}") == "nfc")
        #expect(root.string("cafe\u{301}") == "nfd")
        #expect(root["K\(count)"] == nil && root["k1"] == nil)
        for entry in root.entries {
            let searched = root.entries.last { Array($0.key.text.unicodeScalars) == Array(entry.key.text.unicodeScalars) }
            #expect(root[entry.key.text] == searched?.value, "\(entry.key.text)")
        }
    }
}
