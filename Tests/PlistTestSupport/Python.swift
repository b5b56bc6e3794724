// Python's plistlib as a reference reader and writer: tests that need it run when python3 is
// installed, and always under CI=true (where its absence fails them).
import Foundation
import Testing

public enum Plistlib {
    /// Whether `python3` runs and has plistlib.
    public static let available: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "__import__('plistlib')"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    public static var runTests: Bool { available || SharedData.isCI }
    public static let skipNote: Comment =
        "needs python3 with plistlib as the reference (install python3; under CI=true its absence fails this test)"
}
