import Foundation

/// Input events with their times, as JSON lines: the first line describes
/// the window, each further line is one event.
///
/// ```
/// {"strata":"input","version":1,"name":"pagefold","width":800,"height":600,"scale":1}
/// {"t":0.5,"type":"mouseButton","button":0,"action":"press","mods":0,"x":400,"y":300}
/// {"t":0.5166666666666667,"type":"scroll","dx":0,"dy":-1.2}
/// ```
/// Times are seconds from the start of the recording. Keys come in a fixed
/// order and numbers in Swift's shortest round-trip form, so writing a
/// recording read back gives the same bytes.
public struct InputRecording: Equatable, Sendable {
    /// What the events were recorded in.
    public struct Header: Equatable, Sendable {
        /// What was running (a demo's name), if known.
        public var name: String?
        /// The window's size in points.
        public var width: Double
        /// The window's height in points.
        public var height: Double
        /// Pixels per point.
        public var scale: Double

        /// A header from its fields.
        public init(name: String?, width: Double, height: Double, scale: Double) {
            self.name = name
            self.width = width
            self.height = height
            self.scale = scale
        }
    }

    /// The window the events came from.
    public var header: Header
    /// The events, in time order.
    public var events: [TimedInputEvent]

    /// A recording from its parts.
    public init(header: Header, events: [TimedInputEvent]) {
        self.header = header
        self.events = events
    }

    /// The recording as text: the header line, then one line per event.
    public var jsonLines: String {
        ([header.jsonLine] + events.map(\.jsonLine)).map { $0 + "\n" }.joined()
    }

    /// Reads the recording at `url`.
    public init(contentsOf url: URL) throws(InputRecordingError) {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw .io(path: url.path, what: "read it", reason: Self.reason(error))
        }
        try self.init(jsonLines: text, path: url.path)
    }

    /// Reads a recording from its text; `path` names it in errors.
    public init(jsonLines text: String, path: String) throws(InputRecordingError) {
        var header: Header?
        var events: [TimedInputEvent] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let number = index + 1
            let fields: JSONFields
            do { fields = try JSONFields(line: String(line)) } catch {
                throw .malformed(path: path, line: number, reason: error.reason)
            }
            do throws(JSONFields.Failure) {
                if header == nil {
                    header = try Header(fields)
                } else {
                    let event = try TimedInputEvent(fields)
                    if let last = events.last, event.time < last.time {
                        throw JSONFields.Failure(
                            reason: "time \(event.time) is before the previous event's \(last.time)")
                    }
                    events.append(event)
                }
            } catch {
                throw .malformed(path: path, line: number, reason: error.reason)
            }
        }
        guard let header else { throw .malformed(path: path, line: 1, reason: "empty: no header line") }
        self.init(header: header, events: events)
    }

    static func reason(_ error: Error) -> String {
        (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
    }
}

/// Appends events to a recording file as they happen, one line each, so an
/// interrupted run keeps what it recorded.
public final class InputRecorder {
    /// Where the recording goes.
    public let url: URL
    private let handle: FileHandle

    /// Creates (or truncates) `url` and writes the header line.
    public init(url: URL, header: InputRecording.Header) throws(InputRecordingError) {
        self.url = url
        guard FileManager.default.createFile(atPath: url.path, contents: Data((header.jsonLine + "\n").utf8)),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw .io(path: url.path, what: "create it", reason: "cannot write there")
        }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// Appends `event`, which happened at `time` seconds into the recording.
    public func record(_ event: InputEvent, at time: Double) throws(InputRecordingError) {
        do {
            try handle.write(contentsOf: Data((TimedInputEvent(time: time, event: event).jsonLine + "\n").utf8))
        } catch {
            throw .io(path: url.path, what: "write it", reason: InputRecording.reason(error))
        }
    }
}
