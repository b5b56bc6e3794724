// The bundled payload database is decoded one payload at a time, when first asked for (issue
// #41: the first profile opened paid 11 ms to decode all 120). Whatever a payload is asked for,
// it is the payload the whole decoding gives, and every payload of the bundled bytes decodes.
import PlistSchema
import Testing

struct ProfileSchemaLoadingTests {
    /// Every fact of a payload, platforms in a fixed order.
    static func describe(_ p: ProfilePayload) -> String {
        "\(p.type) \(p.titles) \(platforms(p.platforms)) [\(p.keys.map(describe).joined(separator: "; "))]"
    }

    static func describe(_ k: ProfileKey) -> String {
        "\(k.name) \(String(describing: k.title)) \(String(describing: k.type)) \(k.isRequired) \(String(describing: k.defaultValue))"
            + " \(k.allowedValues) \(String(describing: k.minimum)) \(String(describing: k.maximum)) \(String(describing: k.format))"
            + " \(platforms(k.platforms)) \(k.repeats) [\(k.keys.map(describe).joined(separator: "; "))]"
    }

    static func platforms(_ facts: [Platform: ProfilePlatformFacts]) -> String {
        ProfileSchema.platformOrder.map { "\($0): \(facts[$0].map { String(describing: $0) } ?? "-")" }.joined(separator: ", ")
    }

    @Test func eachPayloadDecodedAloneIsThePayloadTheWholeDecodingGives() throws {
        let bytes = ProfileSchema.bundledData
        let whole = try ProfileSchema(bytes: bytes)
        let lazy = try #require(ProfileSchema(lazilyDecoding: bytes), "the scan found no payloads")
        #expect(Set(lazy.payloads.types) == Set(whole.payloads.types))
        #expect(lazy.payloadTypes == whole.payloadTypes)
        #expect(whole.payloadTypes.count >= 100)
        for type in whole.payloads.types {
            let alone = try #require(lazy.payloads[type], "\(type)")
            #expect(Self.describe(alone) == Self.describe(whole.payloads[type]!), "\(type)")
        }
        #expect(lazy.payloads["com.example.not-a-payload"] == nil)
        // The shared database is the lazy one, and answers the same.
        #expect(ProfileSchema.shared.payloads["com.apple.dock"].map(Self.describe) == whole.payloads["com.apple.dock"].map(Self.describe))
    }

    @Test func bytesOfAnotherShapeAreNotScannedAsADatabase() {
        for text in [
            "", "[]", "{}", #"{"formatVersion": 1, "payloads": []}"#, #"{"payloads": [{"keys": []}]}"#,
            #"{"payloads": [{"type": "a\"b"}]}"#, #"{"payloads": [{"type": "TopLevel"}, {"type": "CommonPayloadKeys"}"#,
        ] {
            #expect(ProfileSchema(lazilyDecoding: Array(text.utf8)) == nil, "\(text)")
        }
        let minimal =
            #"{"formatVersion": 1, "payloads": [{"keys": [{"name": "X", "type": "string"}], "type": "TopLevel"}, {"type": "CommonPayloadKeys", "titles": ["t"]}]}"#
        let schema = ProfileSchema(lazilyDecoding: Array(minimal.utf8))
        #expect(schema?.topLevel.keys.map(\.name) == ["X"])
        #expect(schema?.common.title == "t")
    }
}
