import CGLFW.X11
import Foundation
import Strata
import Testing

@testable import StrataHost

/// Trackpad pinches from the X server's XInput 2.4 gesture events: the
/// events as Xlib hands them over (synthesized: no X server here has a
/// touchpad), their translation, and the pinch recognizer they drive.
@Suite struct TrackpadPinchTests {
    /// An `XIGesturePinchEvent` as `XGetEventData` fills one in.
    func xiEvent(
        _ type: Int32, scale: Double, x: Double = 200, y: Double = 150, flags: Int32 = 0
    ) -> XIGesturePinchEvent {
        var event = XIGesturePinchEvent()
        event.type = GenericEvent
        event.evtype = type
        event.detail = 2  // fingers
        event.event_x = x
        event.event_y = y
        event.root_x = x + 1000  // the window elsewhere on the screen: window coordinates are wanted
        event.root_y = y + 500
        event.scale = scale
        event.delta_angle = 3
        event.flags = flags
        return event
    }

    @Test func gestureEventsTranslateToPhasesSpreadsAndWindowPoints() {
        let cases: [(XIGesturePinchEvent, InputEvent?)] = [
            (xiEvent(XI_GesturePinchBegin, scale: 1), .trackpadPinch(phase: .began, scale: 1, x: 200, y: 150)),
            (
                xiEvent(XI_GesturePinchUpdate, scale: 0.8, x: 201.5, y: 149.25),
                .trackpadPinch(phase: .changed, scale: 0.8, x: 201.5, y: 149.25)
            ),
            (xiEvent(XI_GesturePinchEnd, scale: 0.6), .trackpadPinch(phase: .ended, scale: 0.6, x: 200, y: 150)),
            (
                xiEvent(XI_GesturePinchEnd, scale: 0.6, flags: Int32(XIGesturePinchEventCancelled)),
                .trackpadPinch(phase: .cancelled, scale: 0.6, x: 200, y: 150)
            ),
            // Not pinches, or not numbers a pinch can have.
            (xiEvent(XI_GestureSwipeBegin, scale: 1), nil),
            (xiEvent(XI_ButtonPress, scale: 1), nil),
            (xiEvent(XI_GesturePinchUpdate, scale: 0), nil),
            (xiEvent(XI_GesturePinchUpdate, scale: .nan), nil),
            (xiEvent(XI_GesturePinchUpdate, scale: 1, x: .infinity), nil),
        ]
        for (event, expected) in cases {
            #expect(XInputGestureReader.inputEvent(from: event) == expected, "evtype \(event.evtype)")
        }
    }

    /// Events from the server, through the translation, into a router and a pinch recognizer.
    func pinch(_ events: [(Double, XIGesturePinchEvent)], on f: GestureFixture) -> ActionLog<Double> {
        let log = ActionLog<Double>()
        let recognizer = PinchGestureRecognizer { log.entries.append(($0.state, $0.scale)) }
        f.router.addGestureRecognizer(recognizer, to: f.card)
        for (time, event) in events {
            if let translated = XInputGestureReader.inputEvent(from: event) { f.router.handle(translated, at: time) }
            f.router.advance(to: time)
        }
        return log
    }

    @Test func aServerPinchDrivesThePinchRecognizerThroughItsStates() throws {
        let f = GestureFixture()
        // 20 steps a frame apart from spread 1 to 0.5, held still 0.5 s (longer than a scroll pinch's
        // timeout), then the fingers come up.
        var events = [(0.1, xiEvent(XI_GesturePinchBegin, scale: 1))]
        for i in 1...20 {
            events.append((0.1 + Double(i) / 60, xiEvent(XI_GesturePinchUpdate, scale: 1 - Double(i) / 40)))
        }
        events.append((1.0, xiEvent(XI_GesturePinchUpdate, scale: 0.5)))
        events.append((1.0, xiEvent(XI_GesturePinchEnd, scale: 0.5)))
        let log = pinch(events, on: f)
        let recognizer = try #require(f.router.gestureRecognizers.first as? PinchGestureRecognizer)
        #expect(log.states.first == .began && log.entries.first?.value == 1)
        #expect(log.states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        #expect(log.states.count == 22, "began, 20 changes, ended: a still finger changes nothing")
        #expect(log.states.last == .ended && abs(recognizer.scale - 0.5) < 1e-12)
        #expect(recognizer.source == .trackpad)
        #expect(recognizer.location(in: f.card) == CGPoint(x: 100, y: 50))
        #expect(recognizer.velocity == 0, "held still before the fingers came up")
    }

    @Test func scaleCanBeReadAsDeltasAndACancelledPinchIsCancelled() throws {
        let f = GestureFixture()
        var deltas: [Double] = []
        let recognizer = PinchGestureRecognizer { pinch in
            deltas.append(pinch.scale)
            pinch.scale = 1  // UIKit's idiom: each action reads the change since the last
        }
        f.router.addGestureRecognizer(recognizer, to: f.card)
        var script = InputScript()
        script.trackpadPinch(at: CGPoint(x: 200, y: 150), to: 4, time: 0, duration: 0.1, cancelled: true)
        f.play(script, until: 0.2)
        #expect(recognizer.state == .cancelled)
        // The deltas multiply to the whole spread.
        #expect(abs(deltas.reduce(1, *) - 4) < 1e-9)
        #expect(deltas.count == 1 + 6 + 1, "began, a change a frame, cancelled")
    }

    @Test func aPinchTheRouterDidNotSeeBeginIsIgnoredAndAPinchOutsideTheCardMissesIt() {
        let f = GestureFixture()
        let log = pinch(
            [
                (0, xiEvent(XI_GesturePinchUpdate, scale: 0.9)), (0.1, xiEvent(XI_GesturePinchEnd, scale: 0.8)),
                (0.2, xiEvent(XI_GesturePinchBegin, scale: 1, x: 20, y: 20)),
                (0.3, xiEvent(XI_GesturePinchUpdate, scale: 2, x: 20, y: 20)),
            ], on: f)
        #expect(log.entries.isEmpty)
    }

    @Test func controlScrollStillPinchesBesideServerPinches() {
        let f = GestureFixture()
        let log = ActionLog<Double>()
        f.router.addGestureRecognizer(PinchGestureRecognizer { log.entries.append(($0.state, $0.scale)) }, to: f.card)
        var script = InputScript()
        script.trackpadPinch(at: CGPoint(x: 200, y: 150), to: 2, time: 0, duration: 0.2)
        script.pinch(at: CGPoint(x: 200, y: 150), to: 0.5, time: 0.5, duration: 0.2)
        f.play(script, until: 1)
        #expect(log.states.filter { $0 == .began }.count == 2 && log.states.filter { $0 == .ended }.count == 2)
        let firstEnd = log.entries.first { $0.state == .ended }?.value ?? 0
        #expect(abs(firstEnd - 2) < 1e-9 && abs((log.last ?? 0) - 0.5) < 1e-9)
    }
}
