import Foundation
import Testing
@testable import LanguageServerProtocol
import PlistSupport

@Suite struct JSONValueTests {
    @Test func decodesEveryKind() throws {
        let value = json(#"{"n":null,"t":true,"f":false,"i":42,"neg":-7,"d":1.5,"s":"x\"y","a":[1,"2",[]],"o":{"k":{}}}"#)
        #expect(value["n"] == .null)
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["i"] == .int(42))
        #expect(value["neg"] == .int(-7))
        #expect(value["d"] == .double(1.5))
        #expect(value["s"] == .string("x\"y"))
        #expect(value["a"] == .array([.int(1), .string("2"), .array([])]))
        #expect(value["o"] == .object(["k": .object([:])]))
    }

    @Test func preservesIntegers() throws {
        let value = json(#"[0, 1, 9007199254740993, -1, 2.5]"#)
        #expect(value == .array([.int(0), .int(1), .int(9_007_199_254_740_993), .int(-1), .double(2.5)]))
        let text = String(decoding: try JSONCoding.encoder().encode(value), as: UTF8.self)
        #expect(text == "[0,1,9007199254740993,-1,2.5]")
    }

    @Test func numbersAreNotBooleans() {
        #expect(json("1") == .int(1))
        #expect(json("0") == .int(0))
        #expect(json("true") == .bool(true))
    }

    @Test func roundTripsNestedValues() throws {
        let text = #"{"a":[true,null,{"b":"c/d"}],"e":-0.25,"f":"é☃"}"#
        #expect(try encodeJSON(json(text)) == json(text))
        // Slashes are not escaped (URIs stay readable).
        #expect(!json(text).description.contains("\\/"))
    }

    @Test func convertsToAndFromTypes() throws {
        let position = Position(line: 3, character: 4)
        let value = try JSONValue(encoding: position)
        #expect(value == ["line": 3, "character": 4])
        #expect(try value.decode(as: Position.self) == position)
    }

    @Test func requestIDs() throws {
        #expect(try JSONDecoder().decode(RequestID.self, from: Data("7".utf8)) == .int(7))
        #expect(try JSONDecoder().decode(RequestID.self, from: Data(#""abc""#.utf8)) == .string("abc"))
        #expect(throws: (any Error).self) { try JSONDecoder().decode(RequestID.self, from: Data("true".utf8)) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(RequestID.self, from: Data("1.5".utf8)) }
        #expect(try encodeJSON(RequestID.string("x")) == .string("x"))
    }
}
