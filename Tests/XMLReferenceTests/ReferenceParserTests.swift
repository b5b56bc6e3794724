// XMLReference.check and saxParse report libxml2's verdict, diagnostics and counts faithfully.
import Testing
import XMLReference
import PlistTestSupport

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite(.enabled(if: SharedData.runLibXML2Tests(available: XMLReference.isAvailable), SharedData.libxml2SkipNote(XMLReference.installHint)))
struct ReferenceParserTests {
    @Test func wellFormedPlistHasNoDiagnostics() {
        let verdict = XMLReference.check(AttackDocuments.appleDoctype())
        #expect(verdict.wellFormed)
        #expect(verdict.errors.isEmpty)
        #expect(verdict.externalLoadRequests.isEmpty)
    }

    @Test func mismatchedEndTagIsReportedWithPosition() throws {
        let verdict = XMLReference.check(bytes("<plist>\n<dict>\n</plist>"))
        #expect(!verdict.wellFormed)
        let first = try #require(verdict.firstError)
        #expect(first.code == 76)  // XML_ERR_TAG_NAME_MISMATCH
        #expect(first.domain == 1)  // XML_FROM_PARSER
        #expect(first.level == 3)  // XML_ERR_FATAL
        #expect(first.line == 3)
        #expect(first.message == "Opening and ending tag mismatch: dict line 2 and plist")
    }

    @Test func emptyInputIsNotWellFormed() {
        let verdict = XMLReference.check([])
        #expect(!verdict.wellFormed)
        #expect(verdict.firstError?.code == 4)  // XML_ERR_DOCUMENT_EMPTY
    }

    @Test func undeclaredEntityIsAnError() {
        let verdict = XMLReference.check(bytes("<plist><string>&bogus;</string></plist>"))
        #expect(!verdict.wellFormed)
        #expect(verdict.firstError?.code == 26)  // XML_ERR_UNDECLARED_ENTITY
        #expect(verdict.firstError?.message == "Entity 'bogus' not defined")
    }

    @Test func predefinedAndCharacterReferencesAreFine() {
        let verdict = XMLReference.check(bytes("<plist><string>&amp;&lt;&#x41;&#66;</string></plist>"))
        #expect(verdict.wellFormed)
        #expect(verdict.errors.isEmpty)
    }

    @Test func concurrentChecksKeepTheirOwnDiagnostics() async {
        let good = AttackDocuments.appleDoctype()
        let bad = bytes("<plist><dict></plist>")
        let expectedBad = XMLReference.check(bad)
        let results = await withTaskGroup(of: (Bool, Verdict).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let isGood = index % 2 == 0
                    return (isGood, XMLReference.check(isGood ? good : bad))
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 64)
        for (isGood, verdict) in results {
            if isGood {
                #expect(verdict.wellFormed && verdict.errors.isEmpty)
            } else {
                #expect(verdict == expectedBad)
            }
        }
    }

    @Test func saxParseCountsWithoutBuildingATree() {
        let counts = XMLReference.saxParse(
            bytes("<plist version=\"1.0\"><dict><key>a</key><string>b&amp;c<![CDATA[<d>]]></string></dict></plist>"))
        #expect(counts.wellFormed)
        #expect(counts.elements == 4)
        #expect(counts.endElements == 4)
        #expect(counts.attributes == 1)
        #expect(counts.characterBytes == 1 + 3 + 3)
        #expect(counts.errorCount == 0)
    }

    @Test func saxParseReportsMalformedInput() {
        let counts = XMLReference.saxParse(bytes("<plist><dict></plist>"))
        #expect(!counts.wellFormed)
        #expect(counts.errorCount > 0)
        #expect(!XMLReference.saxParse([]).wellFormed)
    }

    @Test func saxParseResolvesInternalEntitiesLikeCheck() {
        let document = bytes("<!DOCTYPE plist [<!ENTITY n \"v\">]><plist><string>&n;</string></plist>")
        #expect(XMLReference.check(document).wellFormed)
        #expect(XMLReference.saxParse(document).wellFormed)
    }
}
