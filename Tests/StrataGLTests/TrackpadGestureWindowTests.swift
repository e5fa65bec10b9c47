import Foundation
import Strata
import Testing

@testable import StrataHost

/// The X server's trackpad gestures on a real window, under Xvfb: an XInput
/// 2.4 server with no touchpad, where the window must listen without a
/// gesture device and Control+scroll must stay the way to pinch.
@Suite(.serialized) struct TrackpadGestureWindowTests {
    @Test(
        .enabled(if: WindowHostTests.hasDisplay, "no DISPLAY: run under `xvfb-run -a swift test` (Scripts/test does)"))
    func aWindowWithoutATouchpadReportsNoGestureDeviceAndRunsOn() throws {
        let host = try WindowHost(width: 64, height: 48, title: "gestures")
        #expect(!host.trackpadGestures.hasGestureDevice, "\(host.trackpadGestures)")
        switch host.trackpadGestures {
        case .listening(let devices):
            #expect(devices.isEmpty)
            #expect(host.gestureReader != nil)
            #expect(host.trackpadGestures.description.contains("no device makes them"))
            // Only one client may take a window's gestures: a second reader is told so (the
            // server's BadAccess is trapped, not fatal) and the first keeps listening.
            let second = XInputGestureReader.open(for: host.window)
            #expect(second.reader == nil)
            #expect(second.support == .taken, "\(second.support)")
        case .unavailable(let reason):
            // An X server older than XInput 2.4: the reason says so.
            #expect(reason.contains("XInput"), "\(reason)")
            #expect(host.gestureReader == nil)
        }
        var events: [InputEvent] = []
        host.run(maxFrames: 3, onEvent: { events.append($0) }) { _ in }
        #expect(!events.contains { if case .trackpadPinch = $0 { true } else { false } })
    }

    @Test(
        .enabled(if: WindowHostTests.hasDisplay, "no DISPLAY: run under `xvfb-run -a swift test` (Scripts/test does)"))
    func gesturesCanBeTurnedOff() throws {
        setenv("STRATA_TRACKPAD_GESTURES", "0", 1)
        defer { unsetenv("STRATA_TRACKPAD_GESTURES") }
        let host = try WindowHost(width: 16, height: 16, title: "no gestures")
        #expect(host.trackpadGestures == .unavailable(reason: "turned off (STRATA_TRACKPAD_GESTURES=0)"))
        #expect(host.gestureReader == nil)
    }
}
