import Foundation
import Strata
import StrataScene
import Testing

private func load(_ text: String) throws -> Scene {
    try Scene(data: Data(text.utf8), baseURL: nil)
}

/// How long a scene animates: what a video of it covers by default.
@Suite("Scene duration")
struct SceneDurationTests {
    @Test("A still scene ends at 0")
    func still() throws {
        let scene = try load(#"{"size": [10, 10], "root": {"sublayers": [{"opacity": 0.5}]}}"#)
        #expect(scene.animationEnd == 0)
        #expect(!scene.animatesForever)
    }

    @Test("Animations end at begin + duration × repeats, doubled when they autoreverse")
    func animations() throws {
        let scene = try load(
            #"""
            {"size": [10, 10], "root": {"sublayers": [{"animations": [
              {"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.5},
              {"keyPath": "opacity", "fromValue": 0, "toValue": 1, "beginTime": 1, "duration": 0.25,
               "repeatCount": 2.5, "autoreverses": true},
              {"keyPath": "position.x", "fromValue": 0, "toValue": 1, "beginTime": 0.5}
            ]}]}}
            """#)
        // 1 + 0.25 × 2.5 × 2; the last one runs the default 0.25 s.
        #expect(scene.animationEnd == 2.25)
    }

    @Test("Timeline entries end after their implicit animations, unless actions are off")
    func timeline() throws {
        let scene = try load(
            #"""
            {"size": [10, 10], "root": {"sublayers": [{"name": "a"}]}, "timeline": [
              {"at": 1, "set": {"a.opacity": 0.5}},
              {"at": 1.1, "duration": 0.6, "set": {"a.opacity": 0.2}},
              {"at": 3, "disableActions": true, "set": {"a.opacity": 1}}
            ]}
            """#)
        #expect(scene.animationEnd == 3)
        let earlier = try load(
            #"""
            {"size": [10, 10], "root": {"sublayers": [{"name": "a"}]}, "timeline": [
              {"at": 1, "set": {"a.opacity": 0.5}}, {"at": 1.1, "duration": 0.6, "set": {"a.opacity": 0.2}}]}
            """#)
        #expect(abs(earlier.animationEnd - 1.7) < 1e-12)
    }

    @Test("An animation with repeatCount greatestFiniteMagnitude repeats forever and is left out of the end")
    func forever() throws {
        let scene = try load(
            #"""
            {"size": [10, 10], "root": {"sublayers": [{"animations": [
              {"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 1, "repeatCount": 3.4028234663852886e38},
              {"keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 2}
            ]}]}}
            """#)
        #expect(scene.animatesForever)
        #expect(scene.animationEnd == 2)
    }
}
