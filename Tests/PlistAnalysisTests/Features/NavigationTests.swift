// Outline, folding, selection ranges and inlay hints in the editor's terms.
import Testing
import PlistAnalysis
import PlistSyntax
import PlistTestSupport

func document(_ text: String) -> PlistDocument { PlistDocument(text: Array(text.utf8)) }

let sample = """
    <plist>
    <dict>
    \(PlistText.urlTypesEntry)\t<!-- a comment
    \t     on two lines -->
    \t<key>UILaunchImageFile</key>
    \t<string>Launch</string>
    \t<key>MyCustomKey</key>
    </dict>
    </plist>
    """

@Suite struct SymbolTests {
    @Test func hierarchicalOutline() throws {
        let symbols = Navigation.symbols(in: document(sample), fileKind: .infoPlist)
        #expect(symbols.map(\.name) == ["CFBundleURLTypes", "UILaunchImageFile", "MyCustomKey"])
        let types = symbols[0]
        #expect(types.kind == .array)
        #expect(types.detail == "array · URL types")
        #expect(types.children.map(\.name) == ["Item 0"])
        #expect(types.children[0].children.map(\.name) == ["CFBundleURLSchemes"])
        #expect(types.children[0].children[0].children[0].name == "myapp")
        #expect(types.children[0].children[0].children[0].detail == "string · item 0")
        #expect(symbols[1].deprecated)
        #expect(symbols[2].kind == .missing)
        #expect(symbols[2].detail == "no value")
        let text = Array(sample.utf8)
        #expect(String(decoding: text[types.selectionRange], as: UTF8.self) == "CFBundleURLTypes")
        #expect(String(decoding: text[types.range], as: UTF8.self).hasSuffix("</array>"))
    }

    @Test func arrayItemsAreNamedByTheirContent() {
        let text = """
            <plist><dict>
            <key>CFBundleURLTypes</key><array>
              <dict><key>CFBundleURLSchemes</key><array><string>app</string></array><key>CFBundleURLName</key><string>com.example.app</string></dict>
              <dict><key>CFBundleURLSchemes</key><array/></dict>
              <dict><key>Role</key><string></string><key>Other</key><string>first string</string></dict>
            </array>
            <key>List</key><array><string>  padded  </string><string>two
            lines</string><integer>7</integer><true/><string></string><array/></array>
            <key>Long</key><array><string>\(String(repeating: "x", count: 70))</string></array>
            </dict></plist>
            """
        let symbols = Navigation.symbols(in: document(text), fileKind: .infoPlist)
        #expect(symbols[0].children.map(\.name) == ["com.example.app", "Item 1", "first string"])
        #expect(symbols[1].children.map(\.name) == ["padded", "two…", "7", "true", "Item 4", "Item 5"])
        #expect(symbols[2].children[0].name == String(repeating: "x", count: 60) + "…")
    }

    @Test func xcodeNamesLeadTheDetailWhenAsked() {
        let text = "<plist><dict><key>NSCameraUsageDescription</key><string>Scan</string></dict></plist>"
        #expect(Navigation.symbols(in: document(text), fileKind: .infoPlist)[0].detail == "string · Privacy - Camera Usage Description")
        #expect(
            Navigation.symbols(in: document(text), fileKind: .infoPlist, style: OutlineStyle(xcodeNameFirst: true))[0].detail
                == "Privacy - Camera Usage Description · string")
    }

    @Test func brokenTextStillHasAnOutline() {
        let symbols = Navigation.symbols(in: document("<plist><dict><key>A</key><dict><key>B</key><string>x"), fileKind: .infoPlist)
        #expect(symbols.map(\.name) == ["A"])
        #expect(symbols[0].children.map(\.name) == ["B"])
    }
}

@Suite struct FoldingTests {
    @Test func containersAndComments() {
        let regions = Navigation.foldingRegions(in: SyntaxTree.parse(sample))
        let index = LineIndex(Array(sample.utf8))
        let lines = regions.map { "\($0.kind.rawValue) \(index.line(containing: $0.start))-\(index.line(containing: $0.lastLineOffset))" }
        #expect(lines == ["container 1-13", "container 3-7", "container 4-6", "container 6-6", "comment 9-10"])
    }

    @Test func unclosedContainerFoldsToTheEnd() {
        let text = "<plist>\n<dict>\n<key>A</key>\n<array>\n<string>x</string>\n"
        let regions = Navigation.foldingRegions(in: SyntaxTree.parse(text))
        let index = LineIndex(Array(text.utf8))
        #expect(regions.map { index.line(containing: $0.lastLineOffset) } == [4, 4])
    }
}

@Suite struct SelectionRangeTests {
    @Test func growsFromTextToDocument() {
        let (text, at) = markedText("<plist><dict><key>A</key><dict><key>B</key><string>hello wor1️⃣ld</string></dict></dict></plist>")
        let ranges = Navigation.selectionRanges(in: document(text), at: at[0])
        let bytes = Array(text.utf8)
        let shown = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(
            shown == [
                "world", "hello world", "<string>hello world</string>", "<key>B</key><string>hello world</string>",
                "<dict><key>B</key><string>hello world</string></dict>",
                "<key>A</key><dict><key>B</key><string>hello world</string></dict>",
                "<dict><key>A</key><dict><key>B</key><string>hello world</string></dict></dict>",
                text,
            ])
    }

    @Test func onAKeyAndInBrokenText() {
        let (text, at) = markedText("<plist><dict><key>NS1️⃣Key</key><string>x")
        let ranges = Navigation.selectionRanges(in: document(text), at: at[0])
        let bytes = Array(text.utf8)
        let shown = ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(shown.prefix(3) == ["NSKey", "<key>NSKey</key>", "<key>NSKey</key><string>x"])
        for (inner, outer) in zip(ranges, ranges.dropFirst()) {
            #expect(outer.lowerBound <= inner.lowerBound && inner.upperBound <= outer.upperBound)
        }
    }
}

@Suite struct InlayHintTests {
    @Test func xcodeNamesAfterKnownKeys() {
        let (text, at) = markedText(
            "<plist><dict><key>NSCameraUsageDescription</key>1️⃣<string>x</string><key>NSAppTransportSecurity</key>2️⃣<dict><key>NSAllowsArbitraryLoads</key>3️⃣<true/></dict><key>Custom</key><string>y</string></dict></plist>"
        )
        let hints = InlayHints.hints(in: document(text), fileKind: .infoPlist, range: 0..<text.utf8.count)
        #expect(hints.map(\.offset) == at)
        #expect(hints.map(\.label) == ["Privacy - Camera Usage Description", "App Transport Security Settings", "Allow Arbitrary Loads"])
    }

    @Test func onlyInTheRequestedRangeAndNotForOtherFiles() {
        let text = "<plist><dict><key>NSCameraUsageDescription</key><string>x</string><key>UIRequiresFullScreen</key><true/></dict></plist>"
        let second = text.utf8.distance(from: text.startIndex, to: text.range(of: "<key>UIRequires")!.lowerBound)
        #expect(
            InlayHints.hints(in: document(text), fileKind: .infoPlist, range: second..<text.utf8.count).map(\.label) == [
                "Requires full screen"
            ])
        #expect(InlayHints.hints(in: document(text), fileKind: .other, range: 0..<text.utf8.count).isEmpty)
    }
}
