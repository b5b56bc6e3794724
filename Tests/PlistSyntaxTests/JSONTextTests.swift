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
        (#"[+1]"#, "+1", "is not a JSON number"),
        (#"[.5]"#, ".5", "is not a JSON number"),
        (#"[1.e1]"#, "1.e1", "is not a JSON number"),
        (#"[1e]"#, "1e", "is not a JSON number"),
        (#"[-01]"#, "-01", "is not a JSON number"),
        (#"[0x10]"#, "0x10", "expected a JSON value"),
        (#"[NaN]"#, "NaN", "expected a JSON value"),
        (#"[-Infinity]"#, "-Infinity", "expected a JSON value"),
        (#"['a']"#, "'a'", "expected a JSON value"),
        ("[\"a\u{7}\"]", "\u{7}", "a control character in a string must be escaped (\\u0007)"),
        ("[\"a\u{0}\"]", "\u{0}", "a control character in a string must be escaped (\\u0000)"),
        ("[\"a\u{1F}\"]", "\u{1F}", "a control character in a string must be escaped (\\u001F)"),
        ("[\"a\rb\"]", "\r", "a control character in a string must be escaped (\\u000D)"),
        (#"["\x41"]"#, #"\x"#, "is not a JSON escape"),
        (#"["\é"]"#, #"\é"#, "\\é is not a JSON escape"),
        (#"["\'"]"#, #"\'"#, "is not a JSON escape"),
        (#"["\uD834\uD834\uDD1E"]"#, #"\uD834"#, "a lone UTF-16 surrogate"),
        (#"["\uD834"]"#, #"\uD834"#, "a lone UTF-16 surrogate"),
        (#"["\uZZZZ"]"#, #"\u"#, "four hexadecimal digits"),
        (#"{"a":1,"b":2,}"#, ",", "no trailing comma"),
        (#"[[1],]"#, ",", "no trailing comma"),
        (#"{"a" 1}"#, #""a""#, "expected ':' after \"a\""),
        (#"{1:1}"#, "1", "expected a member name"),
        (#"{"a":1 "b":2}"#, "\"", "expected ',' or '}' after a member"),
        (#"[1 2]"#, "2", "expected ',' or ']' after an item"),
        (#"[1]]"#, "]", "text after the JSON value"),
        (#"{} {}"#, "{}", "text after the JSON value"),
        (#"[1] // note"#, "// note", "text after the JSON value"),
        ("[\u{C}1]", "\u{C}1", "expected a JSON value"),
        ("[\u{A0}1]", "\u{A0}1", "expected a JSON value"),
        ("[1,\u{FEFF}2]", "\u{FEFF}", "a byte order mark (U+FEFF) is allowed only as the text's first character"),
        (#""abc"#, "\"", "unterminated string"),
        (#"[1"#, "[", "missing ']' at the end of the array"),
        (#"{"a":1"#, "{", "missing '}' at the end of the object"),
        ("", "", "no JSON value: the text is empty"),
        (" \n\t", "", "no JSON value: the text is empty"),
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

    /// Valid JSON texts in the spirit of JSONTestSuite's `y_` files (RFC 8259's grammar at its
    /// edges): each is read without a problem.
    @Test(arguments: [
        "[]", "{}", "[[]   ]", "[\"\"]", "[null]", "[true]", "[false]", "0", "-0", "\"asd\"", " [1] ", "null", "1E22",
        "[1E-2]", "[1e+2]", "[1E+2]", "[-1e1]", "[0e1]", "[0.5]", "[123e65]", "[-123.123e-1]", "[20e1]", "[1.5E10]",
        "[123456789012345678901234567890]", "[1e400]", "[-0.0]", "[0E0]",
        #"["\u0060\u012a\u12AB"]"#, #"["\uD801\udc37"]"#, #"["\ud83d\ude39\ud83d\udc8d"]"#, #"["\"\\\/\b\f\n\r\t"]"#,
        #"["\u0000"]"#, #"["\uFFFF"]"#, #"["\uFDD0"]"#, #"["\u002c"]"#, #"["new\u00A0line"]"#, "[\"\u{7F}\"]", "[\"€𝄞\"]",
        "[\"\u{2028}\u{2029}\"]", "[\"\u{FFFF}\"]", #"{"a":"b","a":"c"}"#, #"{"":0}"#, #"{"a":[{"b":{}}]}"#,
        "\n[\r\n1\t,\n2 ]\n", "\u{FEFF}{}", "{\"min\": -1.0e+28, \"max\": 1.0e+28}",
    ])
    func validJSONIsReadWithoutAProblem(text: String) {
        let json = JSONText(Array(text.utf8))
        #expect(json.root != nil && json.problems.isEmpty, "\(text): \(json.problems)")
    }

    /// A line feed in a string ends it: reported at the opening quote, and the rest read on.
    @Test func aLineFeedEndsAnUnterminatedString() {
        let found = Self.problems("[\"a\nb\"]")
        #expect(found.first?.0 == "unterminated string: missing its closing quote" && found.first?.1 == "\"", "\(found)")
    }

    @Test func aByteOrderMarkIsSkippedAtTheStartOnly() {
        let json = JSONText(Array("\u{FEFF}[1]".utf8))
        #expect(json.start == 3 && json.problems.isEmpty && json.root?.range == 3..<6)
        #expect(Self.problems("\u{FEFF}\u{FEFF}[1]").first?.0 == "a byte order mark (U+FEFF) is allowed only as the text's first character")
        #expect(Self.problems(" \u{FEFF}[1]").first?.1 == "\u{FEFF}")
    }

    @Test(
        arguments: [
            ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "UTF-16 (little-endian)"),
            ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "UTF-16 (big-endian)"),
            ([0x5B, 0x00, 0x5D, 0x00], "UTF-16 (little-endian)"),
            ([0x00, 0x5B, 0x00, 0x5D], "UTF-16 (big-endian)"),
            ([0x5B, 0x00, 0x00, 0x00, 0x5D, 0x00, 0x00, 0x00], "UTF-32 (little-endian)"),
            ([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x5B], "UTF-32 (big-endian)"),
        ] as [([UInt8], String)])
    func textNotInUTF8IsOneProblem(bytes: [UInt8], encoding: String) {
        let json = JSONText(bytes)
        #expect(json.root == nil)
        #expect(json.problems.map(\.message) == ["the text is \(encoding), not UTF-8: JSON text is UTF-8 (RFC 8259 §8.1)"])
    }

    @Test func nestingPastTheBoundIsOneProblemAndReadingGoesOn() {
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let text = "{\"a\": \(deep), \"b\": 1}"
        let json = JSONText(Array(text.utf8), maximumDepth: 8)
        #expect(json.problems.count == 1)
        #expect(json.problems.first?.message == "arrays and objects nested deeper than 8 levels: this value is not read")
        let bytes = Array(text.utf8)
        #expect(
            json.problems.first.map { String(decoding: bytes[$0.range], as: UTF8.self) } == String(repeating: "[", count: 12)
                + String(repeating: "]", count: 12))
        #expect(json.root?["b"]?.text == "1")
        // Nesting within the bound is no problem.
        #expect(JSONText(Array(text.utf8), maximumDepth: 21).problems.isEmpty)
    }

    /// A member name twice is no RFC 8259 violation ("SHOULD be unique"): both are kept in file
    /// order for the String Catalog rules to report and JSON plists to refuse, and a look-up
    /// reads the last, as Foundation's JSON reader does.
    @Test func repeatedNamesAreKeptInOrder() {
        let json = JSONText(Array(#"{"a": 1, "b": 2, "a": 3}"#.utf8))
        #expect(json.problems.isEmpty)
        #expect(json.root?.members.map(\.name) == ["a", "b", "a"])
        #expect(json.root?["a"]?.text == "3")
    }

    @Test func problemsAreCappedAndInFileOrder() {
        let text = "[" + Array(repeating: "01", count: 150).joined(separator: ",") + "]"
        let json = JSONText(Array(text.utf8), maximumProblems: 100)
        #expect(json.problems.count == 100)
        #expect(json.problems.map(\.range.lowerBound) == json.problems.map(\.range.lowerBound).sorted())
    }
}
