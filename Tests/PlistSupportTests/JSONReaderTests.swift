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
        ("{\n\"a\": [1,,]\n}", "line 2: unexpected character"),
        ("{\"a\": 1, \"a\": 2}", "line 1: member \"a\" appears twice"),
        ("\"\\ud800\"", "line 1: lone surrogate in \\u escape"),
        ("\"a\u{01}\"", "line 1: control character in a string"),
        ("[1]\n\n x", "line 3: unexpected text after the JSON value"),
        ("[1e999]", "line 1: invalid number 1e999"),
        ("[\"open", "line 1: unterminated string"),
        ("", "line 1: unexpected end of text"),
    ])
    func rejectsInvalidTextNamingTheLine(_ text: String, _ expected: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
        #expect(error?.description == expected)
    }

    @Test func descriptionIsCompactSortedJSONThatReadsBack() throws {
        let value: JSONValue = ["b": [1, 2.5, "q\"\n\u{1}", nil, true], "a": ["uri": "file:///x/y"]]
        #expect(value.description == #"{"a":{"uri":"file:///x/y"},"b":[1,2.5,"q\"\n\u0001",null,true]}"#)
        #expect(try JSONValue(parsing: value.description) == value)
    }
}
