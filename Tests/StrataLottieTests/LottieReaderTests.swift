import Foundation
import Strata
import StrataScene
import Testing

@testable import StrataLottie

@Suite struct LottieReaderTests {
    @Test func readsTheHeader() throws {
        let c = try lottie(layers: "[]", header: #""v":"5.7.4","nm":"x","fr":60,"ip":10,"op":70,"w":320,"h":240"#)
        #expect(c.version == "5.7.4")
        #expect(c.name == "x")
        #expect(c.frameRate == 60)
        #expect(c.inPoint == 10 && c.outPoint == 70)
        #expect(c.width == 320 && c.height == 240)
        #expect(c.duration == 1)
    }

    @Test func missingAndWrongFieldsAreNamed() {
        func error(_ text: String) -> LottieError? {
            do { _ = try LottieComposition(data: Data(text.utf8)); return nil } catch { return error }
        }
        #expect(
            error(#"{"v":"5","ip":0,"op":30,"w":100,"h":100,"layers":[]}"#)?.description == "fr: missing field \"fr\""
                || error(#"{"v":"5","ip":0,"op":30,"w":100,"h":100,"layers":[]}"#)?.reason == "missing field \"fr\"")
        #expect(error(#"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":{}}"#)?.path == "layers")
        #expect(error(#"{"fr":0,"ip":0,"op":30,"w":100,"h":100,"layers":[]}"#)?.path == "fr")
        #expect(error(#"{"fr":30,"ip":40,"op":30,"w":100,"h":100,"layers":[]}"#)?.path == "op")
        #expect(error(#"{"fr":30,"ip":0,"op":30,"w":0,"h":100,"layers":[]}"#)?.path == "w")
        let keyframe = error(
            #"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":3,"ks":{"p":{"a":1,"k":[{"t":"0","s":[0,0]}]}}}]}"#
        )
        #expect(keyframe?.path == "layers[0].ks.p.k[0].t")
        #expect(keyframe?.reason == "expected a number, got a string")
        let shape = error(
            #"{"fr":30,"ip":0,"op":30,"w":100,"h":100,"layers":[{"ty":4,"ks":{},"shapes":[{"ty":"sh"}]}]}"#)
        #expect(shape?.path == "layers[0].shapes[0]")
        #expect(error("not json")?.reason.contains("JSON") == true || error("not json") != nil)
        #expect(error("[1,2]")?.reason.contains("not a Lottie") == true)
    }

    @Test func hugeNumbersDoNotTrap() throws {
        let c = try lottie(layers: #"[{"ty":3,"ind":1e300,"parent":-1e300,"tp":1e20,"tt":1,"bm":1e200,"ks":{}}]"#)
        #expect(c.layers[0].index != nil)
        _ = try c.makeLayerTree()
    }

    @Test func unsupportedFeaturesAreWarnedOnce() throws {
        let layers = #"""
            [{"ty":5,"ks":{},"nm":"title","t":{"d":{"k":[{"t":0,"s":{"t":"Hi","s":20,"f":"Arial"}}]},"p":{"m":0}}},
             {"ty":4,"ks":{"p":{"a":0,"k":[0,0],"x":"effect('Slider')('Slider')"}},"ef":[{"ty":5}],"bm":17,
              "shapes":[{"ty":"mm","mm":9},{"ty":"tw"}]}]
            """#
        let c = try lottie(layers: layers)
        let text = c.warnings.map(\.description)
        #expect(text.contains("layers[0].t.p: text on a path is not supported; the text is laid out on lines"))
        #expect(text.contains { $0.hasPrefix("layers[1].ks.p: expression not evaluated (Error: effect(Slider)") })
        #expect(text.contains("layers[1].ef[0]: layer effect (ty 5) is not supported; left out"))
        #expect(text.contains { $0.hasPrefix("layers[1]: blend mode 17 (hard mix)") })
        #expect(text.contains { $0.hasPrefix("layers[1].shapes[0]: unknown merge paths mode 9") })
        // Twist is drawn now: nothing to warn about.
        #expect(!text.contains { $0.hasPrefix("layers[1].shapes[1]") })
        #expect(text.allSatisfy { !$0.contains("\n") })
    }

    @Test func detectsLottieFilesAndScenes() {
        #expect(
            LottieComposition.isLottie(Data(#"{"v":"5.7.4","fr":30,"ip":0,"op":60,"w":10,"h":10,"layers":[]}"#.utf8)))
        #expect(LottieComposition.isLottie(Data("\u{FEFF} \n{\"fr\" : 30, \"op\": 1, \"layers\": []}".utf8)))
        #expect(!LottieComposition.isLottie(Data(#"{"size":[10,10],"root":{"name":"fr"}}"#.utf8)))
        #expect(!LottieComposition.isLottie(Data(#"{"size":[10,10],"root":{},"fr":1,"op":2}"#.utf8)))
        #expect(!LottieComposition.isLottie(Data("[]".utf8)))
        for name in LottieFiles.all { #expect(LottieComposition.isLottieFile(LottieFiles.url(name)), "\(name)") }
    }

    @Test func everyTestAnimationReads() throws {
        #expect(LottieFiles.all.count >= 30)
        for name in LottieFiles.all {
            let c = try LottieFiles.load(name)
            #expect(!c.layers.isEmpty, "\(name)")
            let tree = try c.makeLayerTree()
            #expect(tree.warnings.allSatisfy { !$0.message.isEmpty }, "\(name)")
        }
    }

    @Test func keyframesFollowThePlayersRules() throws {
        // s/e (old format), a hold, and a last keyframe that only marks the end.
        let json = #"""
            {"a":1,"k":[{"t":0,"s":[0],"e":[10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},
                        {"t":10,"s":[10],"h":1},
                        {"t":20,"s":[30],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},
                        {"t":30,"s":[0]}]}
            """#
        var reader = LottieReader()
        let p = try reader.scalar(JSONValue.parse(Data(json.utf8)), at: "p")
        #expect(p.segments.count == 3)
        #expect(p.value(at: -5) == 0)
        #expect(p.value(at: 5) == 5)
        #expect(p.value(at: 15) == 10)
        #expect(p.value(at: 20) == 30)
        #expect(p.value(at: 25) == 15)
        #expect(p.value(at: 40) == 0)
    }

    @Test func easingIsSolvedForTime() {
        // (0.42, 0, 0.58, 1) is symmetric: half-way in time is half-way in value.
        #expect(abs(LottieBezierEasing.progress(0.5, out: (0.42, 0), in: (0.58, 1)) - 0.5) < 1e-6)
        #expect(LottieBezierEasing.progress(0.25, out: (0.42, 0), in: (0.58, 1)) < 0.25)
        #expect(LottieBezierEasing.progress(0.3, out: (0, 0), in: (1, 1)) == 0.3)
    }

    @Test func perDimensionEasing() throws {
        let json =
            #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0,0.9],"y":[0,0]},"i":{"x":[1,0.9],"y":[1,1]}},{"t":10,"s":[10,10]}]}"#
        var reader = LottieReader()
        let p = try reader.vector(JSONValue.parse(Data(json.utf8)), at: "p")
        let v = p.value(at: 5)
        #expect(v.x == 5)
        #expect(v.y < 2)
    }

    @Test func spatialPositionsMoveByArcLength() throws {
        let json =
            #"{"a":1,"k":[{"t":0,"s":[0,0],"to":[0,-50],"ti":[0,-50],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[100,0]}]}"#
        var reader = LottieReader()
        let p = try reader.vector(JSONValue.parse(Data(json.utf8)), at: "p")
        #expect(p.isSpatial)
        let mid = p.spatialValue(at: 5)
        #expect(abs(mid.x - 50) < 0.5)
        #expect(mid.y < -30)
    }
}
