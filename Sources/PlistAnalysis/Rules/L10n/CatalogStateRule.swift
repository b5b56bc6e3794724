// l10n-catalog-state: String Catalog entries marked new, needs review or stale.
import PlistSyntax

public struct CatalogStateRule: Rule {
    public let id = "l10n-catalog-state"
    public let title = "A String Catalog translation marked new, needs review or stale"
    public let rationale = """
        Xcode marks a catalog's translation `new` when nobody has translated it yet, \
        `needs_review` when its source text changed after translation, and an entry \
        `extractionState: stale` when the key left the Info.plist. Each still ships as it is: \
        an outdated purpose string, or a translation nothing reads. The source language's own \
        `new` entries are the Info.plist's text and are not reported.
        """
    public var category: RuleCategory { .localization }
    public var fileKinds: Set<FileKind> { [.stringCatalog] }
    public let defaultSeverity = Finding.Severity.information
    static func catalog(_ state: String, extraction: String = "extracted_with_value") -> String {
        "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"NSCameraUsageDescription\" : {\n      \"extractionState\" : \"\(extraction)\",\n      \"localizations\" : {\n        \"de\" : { \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \"Kamera für Codes\" } },\n        \"en\" : { \"stringUnit\" : { \"state\" : \"new\", \"value\" : \"Scan codes with the camera.\" } }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}\n"
    }
    public var examples: [RuleExample] {
        [
            .triggering(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "NSCameraUsageDescription" : {
                      "extractionState" : "extracted_with_value",
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : ↓"needs_review", "value" : "Kamera für Codes" } },
                        "en" : { "stringUnit" : { "state" : "new", "value" : "Scan codes with the camera." } }
                      }
                    }
                  },
                  "version" : "1.0"
                }

                """, path: "InfoPlist.xcstrings"),
            .triggering(
                """
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    "NSCameraUsageDescription" : {
                      "extractionState" : ↓"stale",
                      "localizations" : {
                        "de" : { "stringUnit" : { "state" : "translated", "value" : "Kamera für Codes" } },
                        "en" : { "stringUnit" : { "state" : "new", "value" : "Scan codes with the camera." } }
                      }
                    }
                  },
                  "version" : "1.0"
                }

                """, path: "InfoPlist.xcstrings"),
            .nonTriggering(Self.catalog("translated"), path: "InfoPlist.xcstrings"),
        ]
    }

    public init() {}

    public func check(_ context: TranslationContext, into out: inout [Finding]) {
        guard case .catalog(let catalog) = context.file else { return }
        let source = catalog.sourceLanguage ?? ""
        for entry in catalog.entries {
            if entry.extractionState == "stale", let range = entry.extractionStateRange {
                out.append(
                    diagnostic(
                        "'\(entry.key)' is marked stale: Xcode no longer finds it in the Info.plist, and nothing reads its translations",
                        range))
            }
            for l in entry.localizations {
                guard let range = l.stateRange else { continue }
                switch l.state {
                case "new" where l.locale != source:
                    out.append(
                        diagnostic("the \(l.locale) translation of '\(entry.key)' is marked new: nobody has translated it yet", range))
                case "needs_review":
                    out.append(
                        diagnostic(
                            "the \(l.locale) translation of '\(entry.key)' needs review: its source text changed after it was translated",
                            range))
                case "stale":
                    out.append(diagnostic("the \(l.locale) translation of '\(entry.key)' is marked stale", range))
                default: break
                }
            }
        }
    }
}
