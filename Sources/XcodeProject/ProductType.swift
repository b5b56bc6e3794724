/// What a target builds (`com.apple.product-type.*`).
public struct ProductType: Sendable, Hashable, CustomStringConvertible {
    /// The identifier, e.g. `com.apple.product-type.app-extension`.
    public let identifier: String

    public init(_ identifier: String) { self.identifier = identifier }

    public static let application = ProductType("com.apple.product-type.application")
    public static let appExtension = ProductType("com.apple.product-type.app-extension")
    public static let framework = ProductType("com.apple.product-type.framework")

    /// An app (iOS, macOS, watchOS, Messages, App Clip…).
    public var isApplication: Bool {
        identifier.hasPrefix("com.apple.product-type.application")
    }

    /// An app extension, ExtensionKit extension, or watch extension: its Info.plist describes an
    /// extension point.
    public var isAppExtension: Bool {
        identifier.contains("app-extension") || identifier.hasSuffix("watchkit2-extension")
            || identifier.hasSuffix("extensionkit-extension")
    }

    /// A framework or library.
    public var isFramework: Bool {
        identifier.contains("framework") || identifier.contains("library")
    }

    /// A test bundle.
    public var isTest: Bool { identifier.contains("bundle.unit-test") || identifier.contains("bundle.ui-testing") }

    /// `app extension`, `framework`…: for messages.
    public var description: String {
        let short =
            identifier.hasPrefix("com.apple.product-type.") ? String(identifier.dropFirst("com.apple.product-type.".count)) : identifier
        switch short {
        case "application": return "app"
        case "app-extension": return "app extension"
        case "framework": return "framework"
        case "bundle.unit-test": return "unit-test bundle"
        case "bundle.ui-testing": return "UI-test bundle"
        default: return short
        }
    }

    /// The product type an XcodeGen `type:` names.
    public init(xcodeGen type: String) {
        self.init("com.apple.product-type." + (type == "app-extension" ? "app-extension" : type))
    }
}
