import Testing
import PlistSyntax

/// The one positional JSON reader (#40 point 5): every RFC 8259 violation is a problem at its
/// place, and reading goes on past it.
@Suite struct JSONTextTests {
    static func problems(_ text: String) -> [(String, String)] {
        let bytes = Array(text.utf8)
        return JSONText(bytes).problems.map { ($0.message, String(decoding: bytes[$0.range.clamped(to: 0..<bytes.count)], as: UTF8.self)) }
    }

    @Test(arguments: [
        (#"[1e+-]"#, "1e+-", "is not a JSON number"),
        (#"[01]"#, "01", "is not a JSON number"),
        (#"[1.]"#, "1.", "is not a JSON number"),
        (#"[-]"#, "-", "is not a JSON number"),
        ("[\"a\u{1}b\"]", "\u{1}", "a control character in a string must be escaped (\\u0001)"),
        ("[\"a\tb\"]", "\t", "a control character in a string must be escaped (\\u0009)"),
        (#"["a\qb"]"#, #"\q"#, "is not a JSON escape"),
        (#"["\u12"]"#, #"\u12"#, "four hexadecimal digits"),
        (#"["\ud800x"]"#, #"\ud800"#, "a lone UTF-16 surrogate"),
        (#"["\udc00"]"#, #"\udc00"#, "a lone UTF-16 surrogate"),
        (#"["\ud800\u0041"]"#, #"\ud800"#, "a lone UTF-16 surrogate"),
        (#"[1,]"#, ",", "no trailing comma"),
        (#"{"a":1,}"#, ",", "no trailing comma"),
        (#"[1] x"#, "x", "text after the JSON value"),
        (#"[tru]"#, "tru", "expected a JSON value"),
    ])
    func eachViolationIsAProblemAtItsPlace(text: String, at: String, message: String) {
        let found = Self.problems(text)
        #expect(found.count == 1 && found[0].1 == at && found[0].0.contains(message), "\(text): \(found)")
    }

    @Test func validJSONHasNoProblemAndKeepsPositions() {
        let text = #"{"a": [1, -2.5e3, "é\u00e9\ud83d\ude00\n", true, null], "b": {}}"#
        let json = JSONText(Array(text.utf8))
        #expect(json.problems.isEmpty)
        let a = json.root?["a"]
        #expect(a?.items.map(\.kind) == [.number, .number, .string, .bool, .null])
        #expect(a?.items[2].text == "éé😀\n")
        let bytes = Array(text.utf8)
        #expect(a.map { String(decoding: bytes[$0.items[1].range], as: UTF8.self) } == "-2.5e3")
    }

    @Test func readingGoesOnPastAProblem() {
        let json = JSONText(Array("{\"a\": \"x\u{1}\", \"b\": 01, \"c\": [2]}".utf8))
        #expect(json.problems.count == 2)
        #expect(json.root?["c"]?.items.first?.text == "2")
    }

    @Test func bytesThatAreNotUTF8AreAProblem() {
        let json = JSONText([0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
        #expect(json.problems.map(\.message) == ["a string that is not valid UTF-8"])
    }
}
