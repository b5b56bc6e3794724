// Our parser expands no entity and touches no file or network: hostile plists stay inert text.
import Foundation
import PlistSyntax
import Testing
import PlistTestSupport
import XMLReference

@Suite struct SecurityTests {
    @Test func billionLaughsStaysALiteralReference() throws {
        let document = AttackDocuments.billionLaughs()
        let tree = SyntaxTree.parse(document)
        #expect(tree.text == document)
        let value = try #require(PlistDocument(tree).value)
        #expect(value == .string("&lol9;"))
        // Output is proportional to input: the tree has a handful of entries, not 10^9.
        #expect(entryCount(tree.root) < 64)
        // An edit inside the reference reparses to the same inert text.
        let offset = try #require(firstOffset(of: "&lol9;", in: document))
        let edited = tree.applying(SourceEdit(range: (offset + 4)..<(offset + 5), replacement: "8"))
        #expect(PlistDocument(edited).value == .string("&lol8;"))
    }

    @Test(
        .enabled(if: SharedData.runLibXML2Tests(available: XMLReference.isAvailable), SharedData.libxml2SkipNote(XMLReference.installHint)))
    func externalEntityContentNeverAppears() throws {
        let secret = "plist-lsp-secret-\(UInt64.random(in: 0...UInt64.max))"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(secret).txt")
        try Data(secret.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8))?
            .split(separator: "\n").first.map(String.init)

        for systemID in [file.absoluteString, "file:///etc/passwd"] {
            let document = AttackDocuments.externalEntity(systemID: systemID)
            let tree = SyntaxTree.parse(document)
            #expect(tree.text == document)
            let plist = PlistDocument(tree)
            #expect(plist.value == .string("&xxe;"))
            let everything = "\(String(describing: plist.value)) \(plist.allProblems.map(\.message))"
            #expect(!everything.contains(secret))
            if let passwd { #expect(!everything.contains(passwd)) }

            let reference = XMLReference.check(document)
            #expect(reference.externalLoadRequests.isEmpty)
            #expect(!reference.errors.contains { $0.message.contains(secret) })
        }
    }

    @Test(
        .enabled(if: SharedData.runLibXML2Tests(available: XMLReference.isAvailable), SharedData.libxml2SkipNote(XMLReference.installHint)))
    func externalDTDAndParameterEntityOpenNoConnection() throws {
        let listener = try #require(LoopbackListener())
        let url = "http://127.0.0.1:\(listener.port)/evil.dtd"
        for document in [AttackDocuments.externalDTD(systemID: url), AttackDocuments.externalParameterEntity(systemID: url)] {
            let tree = SyntaxTree.parse(document)
            _ = PlistDocument(tree).value
            #expect(tree.text == document)
            #expect(XMLReference.check(document).externalLoadRequests.isEmpty)
        }
        #expect(listener.drainConnections(waitingUpTo: 200) == 0)
    }

    @Test(
        .enabled(if: SharedData.runLibXML2Tests(available: XMLReference.isAvailable), SharedData.libxml2SkipNote(XMLReference.installHint)))
    func appleDoctypeIsNeverFetched() {
        let document = AttackDocuments.appleDoctype()
        let tree = SyntaxTree.parse(document)
        #expect(tree.isWellFormed)
        #expect(PlistDocument(tree).value == .dictionary([.init(key: "CFBundleName", value: .string("Demo"))]))
        #expect(XMLReference.check(document).externalLoadRequests.isEmpty)
    }

    /// The structural guarantee behind the tests above: PlistSyntax imports no module, so it has no
    /// API through which it could open a file or a socket.
    @Test func plistSyntaxImportsNothingThatCanDoIO() throws {
        let sources = SharedData.repositoryRoot.appendingPathComponent("Sources/PlistSyntax")
        // Every file of every folder (text, XML, document, preprocessor, OpenStep, translations).
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no sources at \(sources.path)")
        for name in files {
            let text = try String(contentsOf: sources.appendingPathComponent(name), encoding: .utf8)
            let imports = text.split(separator: "\n").filter {
                $0.range(of: #"^\s*(@\w+\s+)*((public|internal|package|private|fileprivate)\s+)?import\s"#, options: .regularExpression)
                    != nil
            }
            #expect(imports.isEmpty, "\(name) imports \(imports)")
        }
    }
}

private func entryCount(_ node: SyntaxNode) -> Int {
    node.children.reduce(node.children.count) { total, entry in total + ((node.node(of: entry).map(entryCount) ?? 0)) }
}

private func firstOffset(of needle: String, in haystack: [UInt8]) -> Int? {
    let pattern = Array(needle.utf8)
    guard haystack.count >= pattern.count else { return nil }
    return (0...(haystack.count - pattern.count)).first { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
}
