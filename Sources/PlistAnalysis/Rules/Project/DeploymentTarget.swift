// The deployment target of a plist's target as the key database's platforms name it, and version
// comparison ("15.0" < "15.4" < "16").
import PlistSchema
import XcodeProject

struct DeploymentTarget {
    let platform: Platform
    let version: String
    /// `IPHONEOS_DEPLOYMENT_TARGET`.
    let setting: String

    /// The project and deployment target of the Info.plist `context` checks: the guard of every
    /// rule that compares a key with the system versions the target supports (nil: the file is no
    /// target's Info.plist, or its target's platform is not one the key database names).
    static func ofInfoPlist(_ context: RuleContext) -> (project: ProjectInput, target: DeploymentTarget)? {
        guard let project = context.project, project.role == .infoPlist, let target = DeploymentTarget(project) else { return nil }
        return (project, target)
    }

    init?(_ project: ProjectInput) {
        // A deployment target an .xcconfig that cannot be read may set otherwise is unknown: the
        // rules comparing with it say nothing (issue #38).
        guard let target = project.deploymentTarget, !project.settings.mayBeSetByUnreadFiles(target.setting) else { return nil }
        let platforms: [String: Platform] = [
            "iphoneos": .iOS, "macosx": .macOS, "appletvos": .tvOS, "watchos": .watchOS, "xros": .visionOS,
        ]
        guard let platform = platforms[target.sdk] else { return nil }
        self.platform = platform
        self.version = target.version
        self.setting = target.setting
    }

    /// -1, 0, 1 as `a` is below, equal to or above `b`, comparing numeric components.
    static func compare(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }, y = b.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? x[i] : 0, q = i < y.count ? y[i] : 0
            if p != q { return p < q ? -1 : 1 }
        }
        return 0
    }

    /// "iOS 13.0" → (iOS, "13.0").
    static func parse(_ text: String) -> (Platform, String)? {
        guard let availability = PlatformAvailability(parsing: text), let version = availability.introduced else { return nil }
        return (availability.platform, version)
    }
}
