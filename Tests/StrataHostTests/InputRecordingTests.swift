import Foundation
import StrataHost
import Testing

@Suite struct InputRecordingTests {
    @Test func everyEventKindRoundTripsToTheSameBytes() throws {
        let events: [InputEvent] = [
            .key(.leftControl, action: .press, modifiers: .control), .character("é"),
            .mouseMoved(x: 10.25, y: 1e-7), .mouseButton(.left, action: .release, modifiers: [.shift], x: 3, y: 4),
            .scroll(dx: -0.1, dy: 1), .trackpadPinch(phase: .cancelled, scale: 0.75, x: 12, y: 34.5),
            .gamepadButton(gamepad: 2, button: 14, pressed: true),
            .gamepadAxis(gamepad: 0, axis: 5, value: -0.75), .gamepadConnection(gamepad: 1, connected: false),
            .framebufferResized(width: 1600, height: 1200), .contentScaleChanged(x: 2, y: 2), .closeRequested,
        ]
        let recording = InputRecording(
            header: .init(name: "pagefold", width: 800, height: 600, scale: 1),
            events: events.enumerated().map { TimedInputEvent(time: Double($0.offset) / 60, event: $0.element) })
        let text = recording.jsonLines
        #expect(text.hasPrefix(#"{"strata":"input","version":1,"name":"pagefold","width":800,"height":600,"scale":1}"#))
        #expect(text.contains(#"{"t":0.05,"type":"mouseButton","button":0,"action":"release","mods":1,"x":3,"y":4}"#))
        let back = try InputRecording(jsonLines: text, path: "r.jsonl")
        #expect(back == recording)
        #expect(back.jsonLines == text)
    }

    @Test func badLinesSayWhichAndWhy() {
        let header = #"{"strata":"input","version":1,"width":800,"height":600,"scale":1}"#
        let cases: [(String, String)] = [
            ("", "r.jsonl:1: empty: no header line"),
            (#"{"t":0,"type":"scroll","dx":0,"dy":1}"#, #"r.jsonl:1: the first line must be the header"#),
            (header + "\n{\"t\":0,\"type\":\"wiggle\"}", #"r.jsonl:2: unknown event type "wiggle""#),
            (
                header + "\n{\"t\":1,\"type\":\"closeRequested\"}\n{\"t\":0.5,\"type\":\"closeRequested\"}",
                "r.jsonl:3: time 0.5 is before the previous event's 1.0"
            ),
            (
                header + "\n{\"t\":0,\"type\":\"gamepadAxis\",\"gamepad\":0,\"axis\":9,\"value\":0}",
                #"r.jsonl:2: "axis" must be a whole number in 0…5"#
            ),
            (
                header + "\n{\"t\":0,\"type\":\"scroll\",\"dx\":\"1\",\"dy\":0}",
                #"r.jsonl:2: "dx" must be a finite number"#
            ),
            (header + "\n{\"t\":0,", "r.jsonl:2: not JSON"),
            (
                header + "\n{\"t\":0,\"type\":\"trackpadPinch\",\"phase\":\"pinched\",\"scale\":1,\"x\":0,\"y\":0}",
                #"r.jsonl:2: unknown phase "pinched" (began, changed, ended, cancelled)"#
            ),
            (
                header + "\n{\"t\":0,\"type\":\"trackpadPinch\",\"phase\":\"began\",\"scale\":0,\"x\":0,\"y\":0}",
                #"r.jsonl:2: "scale" must be above 0"#
            ),
        ]
        for (text, expected) in cases {
            #expect {
                try InputRecording(jsonLines: text, path: "r.jsonl")
            } throws: { error in
                (error as? InputRecordingError)?.description.hasPrefix(expected) == true
            }
        }
    }

    @Test func theRecorderAppendsLineByLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-rec-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        let header = InputRecording.Header(name: nil, width: 320, height: 240, scale: 2)
        let recorder = try InputRecorder(url: url, header: header)
        try recorder.record(.mouseMoved(x: 1, y: 2), at: 0.5)
        try recorder.record(.scroll(dx: 0, dy: -1), at: 0.75)
        let read = try InputRecording(contentsOf: url)
        #expect(read.header == header)
        #expect(
            read.events == [
                TimedInputEvent(time: 0.5, event: .mouseMoved(x: 1, y: 2)),
                TimedInputEvent(time: 0.75, event: .scroll(dx: 0, dy: -1)),
            ])
        #expect {
            try InputRecording(contentsOf: url.appendingPathExtension("absent"))
        } throws: { ($0 as? InputRecordingError)?.description.contains("cannot read it") == true }
    }
}
