import PlistSupport
import Testing

@Suite struct JSONReaderTests {
    @Test func readsEveryKindEscapesAndUnicode() throws {
        let value = try JSONValue(parsing: #"{"a": ["x\"y\\z\n\/", "\u00e9\ud83d\ude00", true, false, null, 12, -7, 2.5, 1e3, 9007199254740993], "o": {}}"#)
        #expect(value == .object([
            "a": .array([.string("x\"y\\z\n/"), .string("é😀"), .bool(true), .bool(false), .null,
                         .int(12), .int(-7), .double(2.5), .double(1000), .int(9_007_199_254_740_993)]),
            "o": .object([:]),
        ]))
    }

    @Test(arguments: [
        ("{\n\"a\": [1,,]\n}", JSONSyntaxError(message: "unexpected character", line: 2)),
        ("{\"a\": 1, \"a\": 2}", JSONSyntaxError(message: "member \"a\" appears twice", line: 1)),
        ("\"\\ud800\"", JSONSyntaxError(message: "lone surrogate in \\u escape", line: 1)),
        ("\"a\u{01}\"", JSONSyntaxError(message: "control character in a string", line: 1)),
        ("[1]\n\n x", JSONSyntaxError(message: "unexpected text after the JSON value", line: 3)),
        ("[1e999]", JSONSyntaxError(message: "invalid number 1e999", line: 1)),
        ("[\"open", JSONSyntaxError(message: "unterminated string", line: 1)),
        ("", JSONSyntaxError(message: "unexpected end of text", line: 1)),
    ])
    func rejectsInvalidTextNamingTheLine(_ text: String, _ expected: JSONSyntaxError) {
        #expect(throws: expected) { try JSONValue(parsing: text) }
    }

    @Test func descriptionIsCompactSortedJSONThatReadsBack() throws {
        let value: JSONValue = ["b": [1, 2.5, "q\"\n\u{1}", nil, true], "a": ["uri": "file:///x/y"]]
        #expect(value.description == #"{"a":{"uri":"file:///x/y"},"b":[1,2.5,"q\"\n\u0001",null,true]}"#)
        #expect(try JSONValue(parsing: value.description) == value)
    }
}
