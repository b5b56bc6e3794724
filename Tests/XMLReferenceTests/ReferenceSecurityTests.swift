// libxml2, as XMLReference drives it, never expands entity bombs and never opens a file or a URL.
import Foundation
import Testing
import XMLReference
import PlistTestSupport

@Suite(.enabled(if: SharedData.runLibXML2Tests(available: XMLReference.isAvailable), SharedData.libxml2SkipNote(XMLReference.installHint)))
struct ReferenceSecurityTests {
    /// Options that would make a careless libxml2 caller load and expand everything.
    static let everythingRisky: RiskyParseOptions = [.substituteEntities, .loadExternalDTD, .defaultDTDAttributes, .validate]

    @Test func billionLaughsIsStoppedByTheAmplificationGuard() {
        let document = AttackDocuments.billionLaughs()
        for risky in [RiskyParseOptions(), Self.everythingRisky] {
            let verdict = XMLReference.check(document, alsoEnabling: risky)
            #expect(!verdict.wellFormed)
            #expect(verdict.errors.contains { $0.code == 89 })  // XML_ERR_ENTITY_LOOP
            #expect(verdict.errors.count < 100)
        }
        // What the SAX consumer receives is the text around the reference, not 3 GB of "lol".
        let counts = XMLReference.saxParse(document)
        #expect(counts.characterBytes < 1_000)
    }

    @Test func externalEntityIsNeverLoaded() throws {
        let secret = "plist-lsp-secret-\(UInt64.random(in: 0...UInt64.max))"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(secret).txt")
        try Data(secret.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        for systemID in [file.absoluteString, file.path, "file:///etc/passwd"] {
            let document = AttackDocuments.externalEntity(systemID: systemID)
            let plain = XMLReference.check(document)
            #expect(plain.wellFormed)
            #expect(plain.externalLoadRequests.isEmpty)

            let risky = XMLReference.check(document, alsoEnabling: Self.everythingRisky)
            let requested = risky.externalLoadRequests.compactMap(\.url)
            let fileName = systemID.split(separator: "/").last.map(String.init) ?? systemID
            #expect(requested.count == 1 && requested.allSatisfy { $0.hasSuffix(fileName) }, "\(requested)")
            #expect(!risky.errors.contains { $0.message.contains(secret) || $0.message.contains("root:") })

            let counts = XMLReference.saxParse(document)
            #expect(counts.characterBytes < 10)
            #expect(counts.externalLoadRequests.isEmpty)
        }
    }

    @Test func externalDTDAndParameterEntityOpenNoConnection() throws {
        let listener = try #require(LoopbackListener())
        let url = "http://127.0.0.1:\(listener.port)/evil.dtd"
        for document in [AttackDocuments.externalDTD(systemID: url), AttackDocuments.externalParameterEntity(systemID: url)] {
            let plain = XMLReference.check(document)
            #expect(plain.externalLoadRequests.isEmpty)
            _ = XMLReference.saxParse(document)
            let risky = XMLReference.check(document, alsoEnabling: Self.everythingRisky)
            #expect(risky.externalLoadRequests.map(\.url) == [url])
        }
        #expect(listener.drainConnections(waitingUpTo: 200) == 0)
    }

    @Test func listenerSeesAConnectionWhenOneIsMade() throws {
        // The absence checks above mean something only if the listener does count connections.
        let listener = try #require(LoopbackListener())
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = listener.port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        #expect(listener.drainConnections(waitingUpTo: 200) == 1)
    }

    @Test func appleDTDIsNeverFetched() {
        let document = AttackDocuments.appleDoctype()
        #expect(XMLReference.check(document).externalLoadRequests.isEmpty)
        #expect(XMLReference.saxParse(document).externalLoadRequests.isEmpty)
        let risky = XMLReference.check(document, alsoEnabling: [.loadExternalDTD])
        #expect(risky.externalLoadRequests.map(\.url) == [AttackDocuments.appleDTDURL])
        #expect(risky.externalLoadRequests.map(\.publicID) == ["-//Apple//DTD PLIST 1.0//EN"])
        #expect(XMLReference.refusedLoadRequests.contains(risky.externalLoadRequests[0]))
    }
}
