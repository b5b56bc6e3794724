// A setting the parser could not use, and why.

/// A setting that could not be used: an unknown rule id, a value of the wrong shape, an unknown
/// level or file kind. The parser skips just that part; `check` refuses to run (exit 2) and the
/// server logs a warning (stderr and `window/logMessage`) and goes on with the rest.
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
    /// The setting the problem is in.
    public let setting: ConfigurationSetting
    /// What is wrong, without the setting's name.
    public let message: String

    public var description: String { "\(setting.rawValue): \(message)" }
}
