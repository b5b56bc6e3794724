// Validates the data file itself: field names, unique placements, types, values, descriptions, links and cross references.
import Foundation
import PlistSyntax
import Testing
@testable import PlistSchema

@Suite struct DataValidationTests {
    let db = Fixtures.database

    @Test func loadsAndIsNotTrivial() {
        #expect(db.definitions.count > 300)
    }

    /// Completion inserts key names and documented values into XML as they are (issue #40 point 5):
    /// none holds a character the one XML escaper (`XMLEscaping`) would change.
    @Test func namesAndValuesNeedNoXMLEscaping() {
        for definition in KeyDatabase.shared.definitions {
            #expect(XMLEscaping.content(definition.name) == Array(definition.name.utf8), "\(definition.name)")
            for value in definition.values {
                #expect(XMLEscaping.content(value.value) == Array(value.value.utf8), "\(definition.name): \(value.value)")
            }
        }
    }

    @Test func completionRanksAreOnePerName() {
        var rankOfName: [String: Int] = [:], nameOfRank: [Int: String] = [:]
        for definition in db.definitions {
            guard let rank = definition.completionRank else { continue }
            #expect(rankOfName.updateValue(rank, forKey: definition.name) ?? rank == rank, "\(definition.name) has two ranks")
            #expect(
                nameOfRank.updateValue(definition.name, forKey: rank) ?? definition.name == definition.name, "rank \(rank) is given twice")
        }
        #expect(rankOfName["CFBundleIdentifier"] == 0)
        #expect(rankOfName.count > 150)
    }

    @Test func usesOnlyKnownFieldNames() throws {
        let object = try JSONSerialization.jsonObject(with: Data(KeyDatabase.bundledData)) as? [String: Any]
        let entries = try #require(object?["keys"] as? [[String: Any]])
        #expect(Set(object?.keys.map { $0 } ?? []) == ["formatVersion", "keys"])
        for entry in entries {
            let name = entry["name"] as? String ?? "?"
            let unknown = Set(entry.keys).subtracting(keyEntryFieldNames)
            #expect(unknown.isEmpty, "\(name) has unknown fields \(unknown.sorted())")
            for value in entry["values"] as? [[String: Any]] ?? [] {
                let unknownValueFields = Set(value.keys).subtracting(enumValueFieldNames)
                #expect(unknownValueFields.isEmpty, "\(name) value has unknown fields \(unknownValueFields.sorted())")
            }
        }
    }

    @Test func oneEntryPerKeyAndPlacement() {
        var seen: [String: String] = [:]
        for definition in db.definitions {
            for placement in definition.placements {
                let slot = "\(definition.domain.rawValue) \(placement.description) \(definition.name)"
                #expect(seen[slot] == nil, "\(definition.name) is defined twice at \(placement.displayString)")
                seen[slot] = definition.id
            }
            #expect(Set(definition.placements).count == definition.placements.count, "\(definition.name) repeats a placement")
        }
    }

    @Test func typesAreConsistent() {
        for definition in db.definitions {
            #expect(!definition.valueTypes.isEmpty)
            #expect(Set(definition.valueTypes).count == definition.valueTypes.count, "\(definition.name) repeats a type")
            if definition.arrayElementType != nil { #expect(definition.valueTypes.contains(.array), "\(definition.name)") }
            if definition.allowsCustomChildKeys {
                #expect(definition.valueTypes.contains(.dictionary), "\(definition.name) has custom child keys but is no dictionary")
            }
        }
    }

    @Test func everyEnumeratedValueIsDocumented() {
        for definition in db.definitions {
            var values = Set<String>()
            for value in definition.values {
                #expect(!value.value.isEmpty, "\(definition.name) has an empty value")
                #expect(value.note.trimmingCharacters(in: .whitespaces).count >= 3, "\(definition.name) value \(value.value) has no note")
                #expect(values.insert(value.value).inserted, "\(definition.name) lists \(value.value) twice")
            }
            if definition.valuesAreClosed { #expect(!definition.values.isEmpty, "\(definition.name) is closed with no values") }
        }
    }

    @Test func descriptionsArePresentAndShort() {
        for definition in db.definitions {
            let summary = definition.summary.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(summary.count >= 10, "\(definition.name) has no real description")
            #expect(summary.count <= 420, "\(definition.name): description longer than three short sentences")
            #expect(summary.last == ".", "\(definition.name): description should end with a full stop")
            if let review = definition.appStoreReview { #expect(!review.isEmpty, "\(definition.name) has an empty review note") }
            if let xcode = definition.xcodeName {
                #expect(!xcode.isEmpty && xcode == xcode.trimmingCharacters(in: .whitespaces), "\(definition.name) xcode name")
            }
        }
    }

    @Test func linksAreWellFormed() {
        for definition in db.definitions {
            let link = definition.docURL
            let url = URL(string: link)
            if definition.isThirdParty {
                // A third party's key links to that party's documentation, which is also its source.
                #expect(
                    link.hasPrefix("https://") && url?.host != "developer.apple.com" && !link.contains(" "), "\(definition.name): \(link)")
                #expect(definition.sources.contains(link), "\(definition.name): its documentation link is not among its sources")
                continue
            }
            #expect(link.hasPrefix("https://developer.apple.com/"), "\(definition.name): \(link)")
            #expect(url?.host == "developer.apple.com" && !link.contains(" "), "\(definition.name): malformed link \(link)")
        }
    }

    @Test func crossReferencesResolve() {
        let names = Set(db.definitions.map(\.name))
        for definition in db.definitions {
            let unknownRelated = definition.related.filter { !names.contains($0) }
            #expect(unknownRelated.isEmpty, "\(definition.name) relates to unknown keys \(unknownRelated)")
            if let successor = definition.status.successor {
                let known = names.contains(successor)
                #expect(known, "\(definition.name) successor \(successor) unknown")
            }
            if definition.status.kind != .active {
                #expect(
                    definition.status.kind == .deprecated || definition.status.since != nil || definition.status.successor != nil,
                    "\(definition.name)")
            }
            let clashes = definition.misspellings.filter { names.contains($0) }
            #expect(clashes.isEmpty, "\(clashes) are both keys and misspellings")
        }
    }

    /// Every entry says where its facts come from: Apple's current page for the key where one exists
    /// (platforms and versions are checked against it), otherwise what was found instead. Entitlements
    /// and privacy-manifest keys never come from the Info.plist seeds.
    @Test func everyEntryNamesItsSources() {
        for definition in db.definitions {
            #expect(!definition.sources.isEmpty, "\(definition.name) names no sources")
            if definition.domain != .infoPlist { #expect(!definition.fromSeeds, "\(definition.name) is not in the Info.plist seeds") }
        }
    }

    /// A value that belongs with a sibling entry (`"with": "KEY=VALUE"`) names a key placed beside it
    /// and one of that key's documented values.
    @Test func valueConditionsNameASiblingAndItsValue() {
        var conditions = 0
        for definition in db.definitions {
            for value in definition.values {
                guard let condition = value.onlyWith else { continue }
                conditions += 1
                let siblings = definition.placements.compactMap { placement in
                    db.definitions.first { $0.name == condition.key && $0.domain == definition.domain && $0.placements.contains(placement) }
                }
                #expect(siblings.count == definition.placements.count, "\(definition.name) \(value.value): no \(condition.key) beside it")
                #expect(
                    siblings.allSatisfy { $0.values.contains { $0.value == condition.value } },
                    "\(definition.name) \(value.value): \(condition.value) is not a documented value of \(condition.key)")
            }
        }
        #expect(conditions >= 17)
    }

    /// Where the database leaves out a version Apple's page gives (its "every version" placeholder),
    /// the entry says so in data, not only in a sentence of `sources`: every placeholder a source names
    /// is recorded, and a recorded placeholder is never also shown as the platform's minimum.
    @Test func placeholdersAreRecorded() throws {
        let candidates: [(text: String, platform: Platform, version: String)] = [
            ("iOS 2.0", .iOS, "2.0"), ("macOS 10.0", .macOS, "10.0"), ("Mac Catalyst 2.0", .macCatalyst, "2.0"),
        ]
        var recorded = 0
        for definition in db.definitions {
            let recordedHere = Set(definition.pagePlaceholders.map(\.dataString))
            recorded += recordedHere.count
            for placeholder in definition.pagePlaceholders {
                #expect(
                    candidates.contains { $0.platform == placeholder.platform && $0.version == placeholder.introduced },
                    "\(definition.name): \(placeholder.dataString) is not one of Apple's placeholder versions")
                #expect(
                    !definition.platforms.contains { $0.platform == placeholder.platform && $0.introduced == placeholder.introduced },
                    "\(definition.name) shows \(placeholder.dataString) as a minimum and calls it a placeholder")
                #expect(
                    definition.platforms.contains { $0.platform == placeholder.platform },
                    "\(definition.name): placeholder \(placeholder.dataString) for a platform it does not list")
            }
            for source in definition.sources where source.contains("placeholder") {
                for candidate in candidates where source.contains(candidate.text) {
                    let shown = definition.platforms.contains { $0.platform == candidate.platform && $0.introduced == candidate.version }
                    let data = PlatformAvailability(platform: candidate.platform, introduced: candidate.version).dataString
                    #expect(
                        shown || recordedHere.contains(data),
                        "\(definition.name): its sources call \(candidate.text) a placeholder; add \"\(data)\" to placeholders")
                }
            }
        }
        #expect(recorded > 80)
        let displayName = try #require(db.lookup("CFBundleDisplayName", at: nil)?.definition)
        #expect(displayName.pagePlaceholders.map(\.dataString) == ["iOS 2.0", "macOS 10.0"])
    }

    /// Where an entry's sources say Apple's page lists no platform the entry lists, or that it
    /// differs on purpose, the difference is data (`departure`), shown by hover and `explain`, not
    /// only prose in `sources` (issue #38).
    @Test func departuresAreRecorded() {
        var recorded = 0
        for definition in db.definitions {
            if let departure = definition.pageDeparture {
                recorded += 1
                #expect(departure.hasPrefix("Apple's page"), "\(definition.name): a departure starts with what Apple's page says")
            }
            for source in definition.sources {
                let onPurpose = source.contains("on purpose")
                let listsNo = Platform.allCases.contains { platform in
                    (source.contains("lists no \(platform.rawValue)") || source.contains("lists no \(platform.displayName)"))
                        && definition.platforms.contains { $0.platform == platform }
                }
                if onPurpose || listsNo {
                    #expect(
                        definition.pageDeparture != nil,
                        "\(definition.name): its sources say it departs from Apple's page (\(source.prefix(80))…); add a departure saying why"
                    )
                }
            }
        }
        #expect(recorded >= 7)
    }

    @Test func everyKeyStatesItsPlatforms() {
        for definition in db.definitions {
            #expect(!definition.platforms.isEmpty, "\(definition.name) has no platforms")
        }
    }

    @Test func rootPlacedKeysAreTheMajority() {
        let root = db.keys(at: [])
        #expect(root.count > 150)
        #expect(root.contains { $0.name == "CFBundleIdentifier" })
    }
}

@Suite struct DataFileErrorTests {
    @Test func invalidJSONNamesTheLine() {
        #expect(throws: KeyDatabaseError("keys.json line 2: unexpected character")) {
            try KeyDatabase(data: Data("{\n\"a\": [1,,]\n}".utf8))
        }
    }

    @Test func rejectsBadEntries() {
        let cases = [
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "strng", "summary": "S."}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "colour": "red"}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string"}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "platforms": ["Windows 11"]}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "paths": ["A//B"]}]}"#,
            #"{"formatVersion": 2, "keys": []}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "values": [{"value": "a", "note": "A.", "with": "OTHER"}]}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "values": [{"value": "a", "note": "A.", "sdkOnly": "yes"}]}]}"#,
            // xcodeIsKey claims the Xcode name is the key: a title, or no name at all, contradicts it.
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "xcode": "Kay", "xcodeIsKey": true}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "xcodeIsKey": true}]}"#,
            #"{"formatVersion": 1, "keys": [{"name": "K", "type": "string", "summary": "S.", "xcode": "K", "xcodeIsKey": "yes"}]}"#,
        ]
        for text in cases {
            #expect(throws: KeyDatabaseError.self, "\(text)") { try KeyDatabase(data: Data(text.utf8)) }
        }
    }
}
