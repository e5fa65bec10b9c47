import StrataHost

// Every error StrataDemos throws, with its message, in one place.

/// A demo could not be started or run.
public enum DemoError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No demo has this name.
    case unknownDemo(String)
    /// The renderer or window failed.
    case host(HostError)
    /// A recording could not be read or written.
    case recording(InputRecordingError)

    public var description: String {
        switch self {
        case .unknownDemo(let name):
            return "unknown demo \"\(name)\" (known: \(DemoCatalog.all.map { $0.name }.joined(separator: ", ")))"
        case .host(let error):
            return error.description
        case .recording(let error):
            return error.description
        }
    }
}
