import PlistSupport
import PlistTestSupport
import Testing

@Suite struct JSONReaderTests {
    @Test func readsEveryKindEscapesAndUnicode() throws {
        let value = try JSONValue(
            parsing: #"{"a": ["x\"y\\z\n\/", "\u00e9\ud83d\ude00", true, false, null, 12, -7, 2.5, 1e3, 9007199254740993], "o": {}}"#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .string("x\"y\\z\n/"), .string("é😀"), .bool(true), .bool(false), .null,
                        .int(12), .int(-7), .double(2.5), .double(1000), .int(9_007_199_254_740_993),
                    ]),
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
        // RFC 8259's number grammar, which `Int` and `Double` are laxer than.
        ("[01]", "line 1: invalid number 01"),
        ("[-01.5]", "line 1: invalid number -01.5"),
        ("[1.]", "line 1: invalid number 1."),
        ("[-.5]", "line 1: invalid number -.5"),
        ("[1e]", "line 1: invalid number 1e"),
        ("[1e+]", "line 1: invalid number 1e+"),
        ("[-]", "line 1: invalid number -"),
        ("[1-2]", "line 1: invalid number 1-2"),
        ("[1.5.2]", "line 1: invalid number 1.5.2"),
        ("[\"open", "line 1: unterminated string"),
        ("", "line 1: unexpected end of text"),
        // Inside a string with escapes (decoded into its own storage).
        ("[\"a\\qb\"]", "line 1: unknown escape"),
        ("[\"a\\u12\"]", "line 1: short \\u escape"),
        ("[\"a\\u12zz\"]", "line 1: bad hex digit in \\u escape"),
        ("[\"a\\", "line 1: unterminated string"),
        ("[\"a\\\"", "line 1: unterminated string"),
        ("[1,\n\"a\\n\u{01}\"]", "line 2: control character in a string"),
        ("[\"a\\t\n\"]", "line 1: control character in a string"),
        ("[\"\\ud800\\u0041\"]", "line 1: bad surrogate pair"),
        ("[\"x\\udc00\"]", "line 1: invalid \\u escape"),
    ])
    func rejectsInvalidTextNamingTheLine(_ text: String, _ expected: String) {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
        #expect(error?.description == expected)
    }

    @Test func readsEveryFormOfNumberTheGrammarAllows() throws {
        let value = try JSONValue(parsing: "[0, -0, 10, -10, 0.5, -0.5, 1e2, 1E2, 1e+2, 1e-2, 2.5E-1, -0e0]")
        #expect(
            value
                == .array([
                    .int(0), .int(0), .int(10), .int(-10), .double(0.5), .double(-0.5), .double(100), .double(100),
                    .double(100), .double(0.01), .double(0.25), .double(-0.0),
                ]))
    }

    @Test func descriptionIsCompactSortedJSONThatReadsBack() throws {
        let value: JSONValue = ["b": [1, 2.5, "q\"\n\u{1}", nil, true], "a": ["uri": "file:///x/y"]]
        #expect(value.description == #"{"a":{"uri":"file:///x/y"},"b":[1,2.5,"q\"\n\u0001",null,true]}"#)
        #expect(try JSONValue(parsing: value.description) == value)
    }

    /// `serialized()` (the bytes of the `initialize` answer) reads back as the value it was made
    /// from, over random values: every control character and other escapes in strings and names,
    /// non-ASCII text, integers at the extremes, doubles of every size (an integral one stays a
    /// double), nesting.
    @Test func serializedReadsBackAsTheSameValue() throws {
        var random = SplitMix64(seed: 0x5E71)
        for round in 0..<2_000 {
            let value = Self.randomValue(depth: 0, using: &random)
            let bytes = value.serialized()
            #expect(try JSONValue(parsing: bytes) == value, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(JSONValue.double(.infinity).description == "null" && JSONValue.double(2).description == "2.0")
    }

    private static func randomValue(depth: Int, using random: inout SplitMix64) -> JSONValue {
        func string(_ random: inout SplitMix64) -> String {
            let scalars = (0..<Int.random(in: 0...6, using: &random)).map { _ -> Unicode.Scalar in
                switch Int.random(in: 0..<4, using: &random) {
                case 0: Unicode.Scalar(UInt8.random(in: 0..<0x20, using: &random))
                case 1: ["\"", "\\", "/", "é", "☃", "😀", "\u{7F}", "\u{2028}"].randomElement(using: &random)!
                default: Unicode.Scalar(UInt8.random(in: 0x20..<0x7F, using: &random))
                }
            }
            return String(String.UnicodeScalarView(scalars))
        }
        switch Int.random(in: 0..<(depth < 3 ? 8 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            return .int([Int.min, Int.max, 0, -1, Int.random(in: -1_000_000...1_000_000, using: &random)].randomElement(using: &random)!)
        case 3:
            let double = [0.1, -2.5, 1e-300, 5e300, 2, -0.0, Double.random(in: -1e6...1e6, using: &random)].randomElement(using: &random)!
            return .double(double)
        case 4, 5: return .string(string(&random))
        case 6: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth + 1, using: &random) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) { members[string(&random)] = randomValue(depth: depth + 1, using: &random) }
            return .object(members)
        }
    }
}

@Suite struct JSONReaderEscapedStringTests {
    /// Strings with escapes are decoded into their own storage: every escape, at any position
    /// (their errors are among `JSONReaderTests`' invalid texts).
    @Test func decodesEscapesAnywhereInAString() throws {
        let escapes: [(String, String)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\/"#, "/"), (#"\b"#, "\u{8}"), (#"\f"#, "\u{C}"), (#"\n"#, "\n"),
            (#"\r"#, "\r"), (#"\t"#, "\t"), (#"\u0041"#, "A"), (#"\u00e9"#, "é"), (#"\u20AC"#, "€"), (#"\ud83d\ude00"#, "😀"),
        ]
        for (escape, decoded) in escapes {
            for (before, after) in [("", ""), ("ab", ""), ("", "cd"), ("é", "😀x")] {
                let value = try JSONValue(parsing: "[\"\(before)\(escape)\(after)\(escape)\"]")
                #expect(value == .array([.string(before + decoded + after + decoded)]), "\(escape)")
            }
        }
    }

    /// A message is read leniently: the first of duplicate members is kept and the first
    /// duplicated name reported (at its second occurrence, in document order, escapes decoded);
    /// a lone surrogate escape is U+FFFD and what follows it is read on its own.
    @Test func readsAMessageLeniently() throws {
        func message(_ text: String) throws -> (value: JSONValue, firstDuplicateMember: String?) {
            let bytes = Array(text.utf8)
            return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try JSONReader.parseMessage(buffer) }
        }
        let duplicated = try message(#"{"a": 1, "b": {"c": 2, "c": 3}, "\u0061": 4}"#)
        #expect(duplicated.value == .object(["a": .int(1), "b": .object(["c": .int(2)])]))
        #expect(duplicated.firstDuplicateMember == "c")
        #expect(try message(#"{"a": 1, "a": {"b": 1, "b": 2}}"#).firstDuplicateMember == "a")
        #expect(try message(#"[{"a": 1}, {"a": 2}]"#).firstDuplicateMember == nil)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array(#"{"a": 1, "a": 2}"#.utf8)) }

        let surrogates: [(String, String)] = [
            (#"\ud800"#, "\u{FFFD}"), (#"\udc00"#, "\u{FFFD}"), (#"x\uD800y"#, "x\u{FFFD}y"),
            (#"\ud800\u0041"#, "\u{FFFD}A"), (#"\ud800\ud800\udc00"#, "\u{FFFD}\u{10000}"),
            (#"\udc00\ud800"#, "\u{FFFD}\u{FFFD}"), (#"\ud83d\ude00"#, "😀"),
        ]
        for (escaped, decoded) in surrogates {
            #expect(try message("[\"\(escaped)\"]").value == .array([.string(decoded)]), "\(escaped)")
            #expect(try message("{\"\(escaped)\": 1, \"\(escaped)\": 2}").firstDuplicateMember == decoded)
        }
        // Strictly read, each is an error.
        for (escaped, _) in surrogates.dropLast() {
            #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(Array("[\"\(escaped)\"]".utf8)) }
        }
    }
}
