import ArgumentParser
import StrataHost
import Foundation

/// Prints `strata: MESSAGE` as one line on standard error and returns the exit
/// code to throw, so ArgumentParser prints nothing more.
func failure(_ message: String) -> ExitCode {
    let line = "strata: " + message.replacingOccurrences(of: "\n", with: " ") + "\n"
    FileHandle.standardError.write(Data(line.utf8))
    return ExitCode(1)
}

/// The one-line failure for a renderer that could not start.
func failure(starting error: HostError) -> ExitCode {
    if case .render = error { return failure(error.description) }
    return failure("headless OpenGL: \(error.description)")
}
