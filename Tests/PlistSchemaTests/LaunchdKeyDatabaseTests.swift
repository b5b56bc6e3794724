// The launchd key database against its source, launchd.plist(5) in ../shared/admin/reference/launchd:
// every key the page lists is in the database, placed where the page nests it, with the page's type;
// the keys newer than the page say where they come from; and the descriptions are our own words.
import Foundation
import Testing
import PlistSchema
import PlistSyntax
import PlistTestSupport

@Suite struct LaunchdKeyDatabaseTests {
    static let page = SharedData.directory.appendingPathComponent("admin/reference/launchd/launchd.plist.5")
    static var pagePresent: Bool { FileManager.default.fileExists(atPath: page.path) || SharedData.isCI }

    /// The keys of the page: name, the key whose nested list holds it (nil: top level), the type text.
    static func pageKeys() throws -> [(name: String, parent: String?, type: String)] {
        let text = try String(contentsOf: page, encoding: .utf8)
        var out: [(String, String?, String)] = []
        var stack: [String?] = []
        var last: String?
        var listDepth = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".Bl") {
                listDepth += 1
                stack.append(last)
            } else if line.hasPrefix(".El") {
                listDepth -= 1
                _ = stack.popLast()
            } else if line.hasPrefix(".It Sy "), let open = line.firstIndex(of: "<"), let close = line.lastIndex(of: ">") {
                let name = line.dropFirst(7).prefix { $0 != " " }
                let parent = stack.last ?? nil
                out.append((String(name), parent, String(line[line.index(after: open)..<close])))
                last = String(name)
            }
        }
        return out
    }

    static let launchd = KeyDatabase.shared.definitions.filter { $0.domain == .launchd }

    @Test(.enabled(if: pagePresent, "needs ../shared/admin/reference/launchd (always present in CI)"))
    func everyKeyOfThePageIsPlacedAndTypedAsThePageSays() throws {
        let keys = try Self.pageKeys()
        #expect(keys.count >= 70, "the page lists \(keys.count) keys")
        for key in keys {
            let definitions = Self.launchd.filter { $0.name == key.name }
            let placed = definitions.first { d in
                d.placements.contains { p in
                    guard let parent = key.parent else { return p == .root }
                    return p.components.contains(.key(parent))
                }
            }
            guard let definition = placed else {
                Issue.record("\(key.name) (under \(key.parent ?? "the top level")) is not in the database there")
                continue
            }
            let types = Set(definition.valueTypes)
            let expected: Set<ValueType>
            switch key.type {
            case "string": expected = [.string]
            case "boolean": expected = [.boolean]
            case "integer": expected = [.integer]
            case "array of strings": expected = [.array]
            case "boolean or dictionary of stuff": expected = [.boolean, .dictionary]
            case "dictionary of integers or array of dictionary of integers": expected = [.dictionary, .array]
            case "boolean or string or array of strings": expected = [.boolean, .string, .array]
            case let t where t.hasPrefix("dictionary"): expected = [.dictionary]
            default: Issue.record("\(key.name): unexpected type text \(key.type)"); continue
            }
            if let departure = definition.pageDeparture {
                // A departure on purpose, said in hover: the page's type is one of those accepted.
                #expect(types.isSuperset(of: expected), "\(key.name): \(departure)")
                continue
            }
            #expect(types == expected, "\(key.name): the page says \(key.type), the database \(definition.typeDescription)")
            if key.type.hasPrefix("array of strings") || key.type.hasSuffix("array of strings") {
                #expect(definition.arrayElementType == .string, "\(key.name): items are strings")
            }
        }
    }

    @Test(.enabled(if: pagePresent, "needs ../shared/admin/reference/launchd (always present in CI)"))
    func keysThePageDoesNotListNameTheirSourceAndTheReadmesListIsIn() throws {
        let listed = Set(try Self.pageKeys().map(\.name))
        for definition in Self.launchd where !listed.contains(definition.name) {
            #expect(
                definition.sources.contains { $0.contains("Not in launchd.plist(5)") },
                "\(definition.name) is not on the page and does not say where it comes from")
        }
        // The keys real jobs use that the page predates (reference/README.md).
        for name in [
            "AssociatedBundleIdentifiers", "POSIXSpawnType", "EnablePressuredExit", "SessionCreate", "LaunchEvents",
            "SpawnConstraint", "LimitLoadToHardware", "MinimalBootProfile", "JetsamProperties",
        ] {
            #expect(KeyDatabase.shared.definition(for: name, at: [], domain: .launchd) != nil, "\(name) missing")
        }
    }

    @Test(.enabled(if: pagePresent, "needs ../shared/admin/reference/launchd (always present in CI)"))
    func descriptionsAreOurOwnWords() throws {
        // No run of six words of a summary appears in the page (facts carry over, sentences do not).
        let words = { (s: String) in s.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init) }
        let pageWords = words(try String(contentsOf: Self.page, encoding: .utf8))
        var pageRuns = Set<String>()
        if pageWords.count >= 6 { for i in 0...(pageWords.count - 6) { pageRuns.insert(pageWords[i..<i + 6].joined(separator: " ")) } }
        for definition in Self.launchd {
            let mine = words(definition.summary)
            #expect(
                !definition.summary.isEmpty && definition.summary.count <= 400,
                "\(definition.name): summary length \(definition.summary.count)")
            guard mine.count >= 6 else { continue }
            for i in 0...(mine.count - 6) {
                let run = mine[i..<i + 6].joined(separator: " ")
                #expect(!pageRuns.contains(run), "\(definition.name) copies the page: \"\(run)\"")
            }
        }
    }

    @Test func theDataFileHoldsLaunchdKeysOnly() throws {
        let definitions = try KeyDatabase.decode(KeyDatabase.bundledLaunchdData)
        #expect(definitions.count == Self.launchd.count)
        #expect(definitions.allSatisfy { $0.domain == .launchd })
        // Lookups by placement: a calendar key inside an array item, a socket option inside a named socket.
        #expect(
            KeyDatabase.shared.definition(for: "Weekday", at: [.key("StartCalendarInterval"), .index(0)], domain: .launchd)?.valueTypes == [
                .integer
            ])
        #expect(KeyDatabase.shared.definition(for: "SockType", at: [.key("Sockets"), .key("Listeners")], domain: .launchd) != nil)
        #expect(KeyDatabase.shared.definition(for: "Weekday", at: [], domain: .launchd) == nil)
        #expect(KeyDatabase.shared.lookup("EnvironmentalVariables", at: [], domain: .launchd)?.definition.name == "EnvironmentVariables")
    }
}
