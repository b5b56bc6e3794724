// What a document is, decided once: how it is read (XML, OpenStep, strings table, String Catalog)
// and, for a property list, the role its rules and keys come from. The server keeps it on each
// snapshot, `check` on each file it reads; features and the analysis switch on it, and nothing
// else looks at a file's name to decide what it is (issue #40, point 1).
import PlistSyntax
import XcodeProject

/// How a document's text is read.
public enum DocumentFormat: String, Sendable, Hashable {
    /// An XML property list (a binary one is read as its XML form).
    case xml
    /// An old-style (OpenStep) property list, checked like its XML form.
    case openStep
    /// A strings table (`*.strings`): `"key" = "value";` entries, never XML.
    case stringsTable
    /// A String Catalog (`*.xcstrings`): JSON, never XML.
    case stringCatalog

    /// The format of the file at `path` (a path or URI) whose text starts with `text`: a strings
    /// table or String Catalog by its name, else OpenStep when the text has no XML root and reads
    /// as OpenStep (`hasXMLRoot` nil: not known yet, decided from the bytes alone), else XML.
    public static func of(path: String, text: [UInt8], hasXMLRoot: Bool? = nil) -> DocumentFormat {
        if let byName = byName(path) { return byName }
        if hasXMLRoot != true, OpenStepDocument.looksLikeOpenStep(text) {
            return .openStep
        }
        return .xml
    }

    /// An XML or OpenStep property list (not a strings table or String Catalog).
    public var isPropertyList: Bool { self == .xml || self == .openStep }

    /// The format the name alone decides (a strings table, a String Catalog); nil for a property list.
    public static func byName(_ path: String) -> DocumentFormat? {
        let name = PathComponents.lastName(path).lowercased()
        if name.hasSuffix(".strings") { return .stringsTable }
        if name.hasSuffix(".xcstrings") { return .stringCatalog }
        return nil
    }
}

/// What a document is: its format and, for a property list, its role (`FileKind`); for a
/// translation, whether it translates an Info.plist.
public enum DocumentKind: Sendable, Hashable {
    /// An XML property list (or a binary one read as XML) in its role.
    case propertyList(FileKind)
    /// An OpenStep property list in its role.
    case openStep(FileKind)
    /// A strings table; `translatesInfoPlist` for an `InfoPlist.strings` in an `.lproj` folder.
    case stringsTable(translatesInfoPlist: Bool)
    /// A String Catalog; `translatesInfoPlist` for an `InfoPlist.xcstrings`.
    case stringCatalog(translatesInfoPlist: Bool)

    /// How the document is read.
    public var format: DocumentFormat {
        switch self {
        case .propertyList: return .xml
        case .openStep: return .openStep
        case .stringsTable: return .stringsTable
        case .stringCatalog: return .stringCatalog
        }
    }

    /// The role of a property list; nil for a strings table or String Catalog.
    public var role: FileKind? {
        switch self {
        case .propertyList(let role), .openStep(let role): return role
        case .stringsTable, .stringCatalog: return nil
        }
    }

    /// The role the key features (completion, hover, outline, hints) use: `.other` for a translation.
    public var featureRole: FileKind { role ?? .other }

    /// A strings table or String Catalog: not a property list, never parsed, formatted or tag-edited as one.
    public var isTranslation: Bool { role == nil }

    /// An `InfoPlist.strings` or `InfoPlist.xcstrings`: checked against the Info.plist it translates.
    public var translatesInfoPlist: Bool {
        switch self {
        case .stringsTable(let yes), .stringCatalog(let yes): return yes
        case .propertyList, .openStep: return false
        }
    }

    /// The kind of the document at `path` (a path or URI), read as `format`, whose typed view is
    /// `document` (nil: not read yet; the name and the project decide alone), under
    /// `configuration` (its `fileKind` override wins), used by a project as `project` (the
    /// project's role wins over the name and content). The one place a document's kind is decided.
    public static func decide(
        path: String, format: DocumentFormat, document: PlistDocument?,
        configuration: AnalysisConfiguration = .default, project: ProjectInput.Role? = nil
    ) -> DocumentKind {
        switch format {
        case .stringsTable: return .stringsTable(translatesInfoPlist: isInfoPlistTranslation(path))
        case .stringCatalog: return .stringCatalog(translatesInfoPlist: isInfoPlistTranslation(path))
        case .xml: return .propertyList(role(path: path, document: document, configuration: configuration, project: project))
        case .openStep: return .openStep(role(path: path, document: document, configuration: configuration, project: project))
        }
    }

    /// The role of a property list: the configured override, else the project's, else detected
    /// from the name and content (`FileKind.detect`).
    static func role(path: String, document: PlistDocument?, configuration: AnalysisConfiguration, project: ProjectInput.Role?) -> FileKind
    {
        if let override = configuration.fileKindOverride { return override }
        switch project {
        case .infoPlist: return .infoPlist
        case .entitlements: return .entitlements
        case nil: return FileKind.detect(path: path, document: document)
        }
    }

    /// Whether `path` names a translation of an Info.plist: `*InfoPlist.strings` in an `.lproj`
    /// folder (custom table names such as `Helper-InfoPlist.strings` too), or `*InfoPlist.xcstrings`.
    static func isInfoPlistTranslation(_ path: String) -> Bool {
        let parts = path.removingPercentEncodingForFileName().split(separator: "/")
        guard let name = parts.last else { return false }
        if name.hasSuffix("InfoPlist.xcstrings") { return true }
        return name.hasSuffix("InfoPlist.strings") && parts.count >= 2 && parts[parts.count - 2].hasSuffix(".lproj")
    }

    /// The files `check` expands a folder to and `workspace/diagnostic` reports on, by name:
    /// property lists, entitlements, privacy manifests, configuration profiles, and the
    /// translations of Info.plists.
    public static func isChecked(path: String) -> Bool {
        let name = PathComponents.lastName(path)
        if [".plist", ".entitlements", ".xcprivacy", ".mobileconfig"].contains(where: { name.hasSuffix($0) }) { return true }
        return DocumentFormat.byName(path) != nil && isInfoPlistTranslation(path)
    }

    /// Whether a change of the file at `path` can change what an Info.plist's translations say
    /// (a translation, an Info.plist, a project file).
    public static func affectsTranslations(path: String) -> Bool {
        (DocumentFormat.byName(path) != nil && isInfoPlistTranslation(path)) || path.hasSuffix("Info.plist") || path.hasSuffix(".pbxproj")
    }
}

/// The last component of a path or URI.
enum PathComponents {
    static func lastName(_ path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }
}
