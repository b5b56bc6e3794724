#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlistSupport

/// Protecting the stdio protocol stream from stray output.
public enum StandardIO {
    /// Duplicates the real standard output for the protocol and points fd `standardOutput` at
    /// `standardError`, so a stray `print` (or a C library writing to stdout) ends up on stderr
    /// instead of corrupting the protocol stream. Call once, early, before anything prints.
    ///
    /// - Returns: a new descriptor (close-on-exec) writing where stdout used to go.
    /// - Parameters: the descriptor numbers are parameters only so tests can use pipes.
    public static func protectStandardOutput(
        standardOutput: Int32 = STDOUT_FILENO, standardError: Int32 = STDERR_FILENO
    ) throws -> Int32 {
        fflush(nil)  // flush buffered stdio output before fds move
        let protocolOutput = fcntl(standardOutput, F_DUPFD_CLOEXEC, 3)
        guard protocolOutput >= 0 else { throw ConnectionError.systemCall("dup(stdout)", errno: errno) }
        guard dup2(standardError, standardOutput) >= 0 else {
            let code = errno
            closeDescriptor(protocolOutput)
            throw ConnectionError.systemCall("dup2(stderr, stdout)", errno: code)
        }
        return protocolOutput
    }
}
