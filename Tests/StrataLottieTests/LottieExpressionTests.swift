import Foundation
import Strata
import Testing

@testable import StrataLottie

/// Expressions, baked into keyframes at import: the values they give, their
/// determinism, the globals they see, and what happens when they fail.
@Suite struct LottieExpressionTests {
    /// A one-layer composition whose transform property `key` holds `value` (JSON) and `expression`.
    func composition(
        _ key: String, _ value: String, _ expression: String, name: String = "L",
        extra: String = ""
    ) throws -> LottieComposition {
        let x = String(
            decoding: try JSONSerialization.data(withJSONObject: [expression], options: [.fragmentsAllowed]),
            as: UTF8.self
        ).dropFirst().dropLast()
        let ks = #"{"\#(key)":{"a":0,"k":\#(value),"x":\#(x)}}"#
        return try lottie(layers: "[" + shapeLayer("[]", ks: ks, extra: #""nm":"\#(name)","ind":1"# + extra) + "]")
    }

    func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }
    func near(_ a: LottieVector, _ b: LottieVector, _ tolerance: Double = 1e-6) -> Bool {
        a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
    }

    // MARK: Loops

    @Test func loopOutCycleRepeatsTheKeyframesPeriod() throws {
        // Keyframes at 0, 10, 20 (x 40 → 160 → 40): after frame 20 the value is the one 20 frames earlier.
        let c = try LottieFiles.load("expression_loop_cycle")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let p = c.layers[0].transform.position
        for f in stride(from: 21.0, through: 60, by: 1) {
            #expect(near(p.value(at: f), p.value(at: f - 20)), "frame \(f)")
        }
        #expect(near(p.value(at: 45), [100, 60]))
        // Rotation eases 0 → 90 over 20 frames, then starts again.
        let r = c.layers[0].transform.rotation
        #expect(near(r.value(at: 30), r.value(at: 10)) && near(r.value(at: 41), r.value(at: 1)) && r.value(at: 39) > 80)
    }

    @Test func loopOutPingpongAndLoopIn() throws {
        let c = try LottieFiles.load("expression_loop_pingpong")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        // Forward over frames 0…15, back over 15…30, forward again.
        let p = c.layers[0].transform.position
        #expect(
            near(p.value(at: 20), p.value(at: 10)) && near(p.value(at: 30), [40, 60])
                && near(p.value(at: 35), p.value(at: 5)))
        // loopIn('cycle'): before frame 30 the 30…45 span repeats (20 → 100 linearly).
        let o = c.layers[0].transform.opacity
        #expect(near(o.value(at: 10), 20 + 80 * 10 / 15, 1e-9) && near(o.value(at: 29), o.value(at: 44)))
        #expect(near(o.value(at: 50), 100))
    }

    @Test func loopOutOffsetAndContinue() throws {
        let keys = #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[30]}]}"#
        let offset = try lottie(
            layers: "[" + shapeLayer("[]", ks: #"{"r":\#(keys.dropLast()),"x":"$bm_rt = loopOut('offset')"}}"#) + "]")
        let r = offset.layers[0].transform.rotation
        #expect(near(r.value(at: 15), 45) && near(r.value(at: 25), 75))
        let cont = try lottie(
            layers: "[" + shapeLayer("[]", ks: #"{"r":\#(keys.dropLast()),"x":"$bm_rt = loopOut('continue')"}}"#) + "]")
        #expect(near(cont.layers[0].transform.rotation.value(at: 20), 60, 1e-3))
    }

    // MARK: Globals

    @Test func timeValueAndTheLastStatement() throws {
        // `time` is seconds of the property's composition; without $bm_rt the last statement's value counts.
        let c = try composition("r", "0", "time * 90")
        #expect(near(c.layers[0].transform.rotation.value(at: 15), 45))
        let v = try composition("p", "[10,20]", "$bm_rt = $bm_sum(value, [time, 1]);")
        #expect(near(v.layers[0].transform.position.value(at: 30), [11, 21]))
    }

    @Test func interpolationAndMath() throws {
        let cases: [(String, Double)] = [
            ("linear(time, 0, 1, 0, 100)", 50), ("linear(0.25, 10, 20)", 12.5), ("linear(5, 10, 0, 0, 100)", 50),
            ("ease(0, 0, 1, 10, 20)", 10), ("ease(1, 10, 20)", 20), ("easeIn(0.5, 0, 100) < 50 ? 1 : 0", 1),
            ("easeOut(0.5, 0, 100) > 50 ? 1 : 0", 1), ("clamp(150, 100, 0)", 100), ("length([3, 4])", 5),
            ("length([1, 1], [4, 5])", 5), ("normalize([3, 4])[1]", 0.8), ("dot([1, 2], [3, 4])", 11),
            ("cross([1, 0, 0], [0, 1, 0])[2]", 1), ("radiansToDegrees(degreesToRadians(30))", 30),
            ("framesToTime(15)", 0.5), ("timeToFrames(1)", 30), ("$bm_sum([1, 2], 5)[0]", 6),
            ("$bm_sub(10, [1, 2])[0]", 9), ("$bm_mul([1, 2], 3)[1]", 6), ("div([4, 8], 4)[1]", 2),
            ("$bm_neg([1, 2])[1]", -2), ("mod(7, 3)", 1), ("index", 1), ("thisComp.width", 100),
            ("thisComp.numLayers", 1), ("thisComp.frameDuration * 30", 1), ("thisLayer.name == 'L' ? 1 : 0", 1),
            ("numKeys", 0), ("Math.max(1, 2)", 2),
        ]
        for (code, expected) in cases {
            let c = try composition("r", "0", code)
            #expect(c.warnings.isEmpty, "\(code): \(c.warnings)")
            #expect(near(c.layers[0].transform.rotation.value(at: 15), expected, 1e-6), "\(code)")
        }
    }

    @Test func keysAndValueAtTime() throws {
        let keys = #"{"a":1,"k":[{"t":0,"s":[10],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[70]}]"#
        for (code, expected) in [
            ("numKeys", 2.0), ("key(2).value", 70), ("key(2).time", 1), ("valueAtTime(0.5)", 40),
            ("thisProperty.valueAtTime(0)", 10), ("velocityAtTime(0.5)", 60),
        ] {
            let c = try lottie(layers: "[" + shapeLayer("[]", ks: #"{"r":\#(keys),"x":"\#(code)"}}"#) + "]")
            #expect(near(c.layers[0].transform.rotation.value(at: 3), expected, 1e-3), "\(code)")
        }
    }

    @Test func wiggleIsSeededAndBounded() throws {
        let a = try LottieFiles.load("expression_wiggle"), b = try LottieFiles.load("expression_wiggle")
        #expect(a.warnings.isEmpty, "\(a.warnings)")
        #expect(a == b)
        let p = a.layers[0].transform.position
        // Around the keyframes (60 → 140 along x), within the amplitude, and moving.
        let keyframes = LottieProperty(segments: [
            LottieSegment<LottieVector>(
                startTime: 0, endTime: 29, from: [60, 100], to: [140, 100], easeOut: LottieEasing(x: [0.33], y: [0]),
                easeIn: LottieEasing(x: [0.67], y: [1]))
        ])
        var moved = 0.0
        for f in stride(from: 0.0, through: 30, by: 1) {
            let d = zip(p.value(at: f).values, keyframes.value(at: f).values).map { abs($0 - $1) }
            #expect(d.allSatisfy { $0 <= 25 }, "frame \(f): \(d)")
            moved = max(moved, d.max() ?? 0)
        }
        #expect(moved > 5)
        // Two octaves: within 20 × (1 + 0.5) of 100 %.
        let s = a.layers[0].transform.scale
        #expect((0...30).allSatisfy { f in s.value(at: Double(f)).values.prefix(2).allSatisfy { abs($0 - 100) <= 30 } })
        #expect(s.value(at: 10) != s.value(at: 20))
    }

    @Test func randomIsSeededPerPropertyAndFrame() throws {
        let c = try composition("r", "0", "random(0, 100)")
        let r = c.layers[0].transform.rotation
        #expect(r.value(at: 3) != r.value(at: 4) && (0...30).allSatisfy { (0..<100).contains(r.value(at: Double($0))) })
        #expect(try composition("r", "0", "random(0, 100)").layers[0].transform.rotation == r)
        let timeless = try composition("r", "0", "seedRandom(7, true); random(0, 100)").layers[0].transform.rotation
        #expect(near(timeless.value(at: 3), timeless.value(at: 20)))
        let math = try composition("r", "0", "Math.random()").layers[0].transform.rotation
        #expect(math == (try composition("r", "0", "Math.random()").layers[0].transform.rotation))
    }

    @Test func anotherLayersTransform() throws {
        let c = try LottieFiles.load("expression_layer_ref")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let leader = c.layers[0].transform, follower = c.layers[1].transform
        for f in stride(from: 0.0, through: 30, by: 5) {
            #expect(
                near(
                    follower.position.value(at: f),
                    [leader.position.value(at: f).x, leader.position.value(at: f).y + 80]))
            #expect(near(follower.rotation.value(at: f), -leader.rotation.value(at: f)))
        }
    }

    @Test func readsAnotherLayersExpressionBaked() throws {
        // B follows A's position, which is itself an expression.
        let layers = #"""
            [{"ty":3,"nm":"A","ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":"[time * 30, 5]"}}},
             {"ty":3,"nm":"B","ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[0,0],"x":"thisComp.layer('A').transform.position"}}}]
            """#
        let c = try lottie(layers: layers)
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        #expect(near(c.layers[1].transform.position.value(at: 12), [12, 5]))
    }

    @Test func effectControls() throws {
        // A slider (keyframed 0 → 60) and a colour on a control layer, read by name and by index.
        let controls = #"""
            [{"ty":5,"nm":"Slider Control","ef":[{"ty":0,"nm":"Slider","v":{"a":1,"k":[
                {"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[60]}]}}]},
             {"ty":5,"nm":"Tint","ef":[{"ty":2,"nm":"Color","v":{"a":0,"k":[0.2,0.4,0.6,1]}}]}]
            """#
        let layers = #"""
            [{"ty":3,"nm":"Controls","ind":1,"ip":0,"op":30,"st":0,"ks":{},"ef":\#(controls)},
             {"ty":3,"nm":"User","ind":2,"ip":0,"op":30,"st":0,"ks":{
                "r":{"a":0,"k":0,"x":"$bm_rt = $bm_mul(thisComp.layer('Controls').effect('Slider Control')('Slider'), 2);"},
                "o":{"a":0,"k":0,"x":"thisComp.layer(1).effect(2)(1)[2] * 100 + thisComp.layer(1).effect(1).param(1).valueAtTime(0.5)"}}}]
            """#
        let c = try lottie(layers: layers)
        let own = c.warnings.filter { !$0.message.hasPrefix("layer effects") }
        #expect(own.isEmpty, "\(own)")
        #expect(
            near(c.layers[1].transform.rotation.value(at: 15), 60)
                && near(c.layers[1].transform.opacity.value(at: 3), 90))
        // effect() on the layer itself.
        let selfLayers = #"""
            [{"ty":3,"nm":"Self","ind":1,"ip":0,"op":30,"st":0,"ef":\#(controls),
              "ks":{"r":{"a":0,"k":0,"x":"effect('Slider Control')('Slider').value + 1"}}}]
            """#
        #expect(near(try lottie(layers: selfLayers).layers[0].transform.rotation.value(at: 30), 61))
    }

    // MARK: Time

    @Test func aPrecompositionsExpressionRunsInItsOwnTime() throws {
        // The precomposition starts at frame 10: its frame 5 is the root's 15, and `time` is its own.
        let asset =
            #"[{"id":"p","layers":[{"ty":3,"ind":1,"ip":-100,"op":100,"st":0,"ks":{"r":{"a":0,"k":0,"x":"time * 30"}}}]}]"#
        let layers = #"[{"ty":0,"refId":"p","w":100,"h":100,"ip":0,"op":30,"st":10,"ks":{}}]"#
        let c = try lottie(layers: layers, assets: asset)
        guard case .precomposition(let inner, _)? = c.assets["p"] else { Issue.record("no asset"); return }
        let r = inner[0].transform.rotation
        #expect(near(r.value(at: 5), 5) && near(r.keyframeTimes.first ?? 0, -10) && near(r.keyframeTimes.last ?? 0, 20))
    }

    @Test func timeRemapWithLoopOut() throws {
        // tm runs 0 → 1/3 s over 10 frames, then cycles: the precomposition replays its first 10 frames.
        let asset =
            #"[{"id":"p","layers":[{"ty":3,"ind":1,"ip":0,"op":100,"st":0,"ks":{"r":{"a":0,"k":0,"x":"time * 300"}}}]}]"#
        let tm =
            #"{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":10,"s":[0.3333333]}],"x":"loopOut('cycle')"}"#
        let layers = #"[{"ty":0,"refId":"p","w":100,"h":100,"ip":0,"op":30,"st":0,"tm":\#(tm),"ks":{}}]"#
        let c = try lottie(layers: layers, assets: asset)
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let remap = try #require(c.layers[0].timeRemap)
        #expect(near(remap.value(at: 15), remap.value(at: 5)) && near(remap.value(at: 25), remap.value(at: 5)))
        // The inner layer is evaluated over the frames the remap shows (0…10).
        guard case .precomposition(let inner, _)? = c.assets["p"] else { Issue.record("no asset"); return }
        #expect(near(inner[0].transform.rotation.value(at: 10), 100, 1e-3))
    }

    // MARK: Failures

    @Test func aFailingExpressionKeepsTheKeyframesWithOneWarning() throws {
        let c = try LottieFiles.load("expression_fallback")
        #expect(c.warnings.count == 1)
        let text = c.warnings.map(\.description).joined()
        #expect(
            text.hasPrefix(#"layers[0].ks.p: layer "Box": expression not evaluated ("#)
                && text.contains("the keyframes are used"))
        #expect(near(c.layers[0].transform.position.value(at: 29), [160, 100]))
    }

    @Test func badExpressionsFallBack() throws {
        let cases: [(String, String)] = [
            ("$bm_rt = 'text'", "a string"), ("$bm_rt = [1, 2]", ""), ("undefinedName + 1", "ReferenceError"),
            ("$bm_rt = (", "SyntaxError"), ("while (true) {}", "steps"), ("for (;;) ;", "steps"),
            ("function f() { return f() } f()", "steps"), ("do {} while (1)", "steps"),
            ("/a+/.test('aa')", "regular expressions"), ("eval('1')", "not available"),
            ("(function(){}).constructor('while(1){}')()", "not available"),
            ("new Array(4294967295).join()", "arrays longer"),
            ("var s = 'x'; for (var i = 0; i < 64; i++) s = s + s; 1", "alloc"),
            ("effect('Slider')('Slider')", "no such effect"),
            ("content('Group 1')", "content() is not evaluated"),
            ("0 / 0", "not finite"), ("$bm_rt = [1, 2, 'x']", "holding"),
        ]
        for (code, reason) in cases {
            let start = Date()
            let c = try composition("r", "5", code)
            #expect(Date().timeIntervalSince(start) < 5, "\(code)")
            #expect(near(c.layers[0].transform.rotation.value(at: 3), reason.isEmpty ? 1 : 5), "\(code)")
            if reason.isEmpty { continue }
            #expect(c.warnings.count == 1 && c.warnings[0].description.contains(reason), "\(code): \(c.warnings)")
        }
        // A position must be two numbers or more.
        let p = try composition("p", "[1,2]", "$bm_rt = 5")
        #expect(p.warnings.first?.message.contains("where the property holds 2") == true, "\(p.warnings)")
        #expect(near(p.layers[0].transform.position.value(at: 3), [1, 2]))
    }

    @Test func gradientStopsAndColours() throws {
        // Twelve numbers (three colour stops) and a colour: arrays longer than a point come back whole.
        let stops = #"{"p":3,"k":{"a":0,"k":[0,1,0,0,0.5,0,1,0,1,0,0,1],"x":"$bm_rt = value;"}}"#
        let gradient =
            #"[{"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[50,0]},"o":{"a":0,"k":100},"r":1,"g":\#(stops)}]"#
        let c = try lottie(layers: "[" + shapeLayer(gradient) + "]")
        #expect(c.warnings.isEmpty, "\(c.warnings)")
        let fill = #"[{"ty":"fl","c":{"a":0,"k":[1,0,0,1],"x":"[0, time, 1]"},"o":{"a":0,"k":100},"r":1}]"#
        let f = try lottie(layers: "[" + shapeLayer(fill) + "]")
        #expect(f.warnings.isEmpty, "\(f.warnings)")
        guard case .shapes(let items) = f.layers[0].content, case .fill(let paint)? = items.first else {
            Issue.record("no fill")
            return
        }
        // Three numbers for a colour of four: the keyframes' alpha fills in.
        #expect(near(paint.color.value(at: 15), [0, 0.5, 1, 1]))
    }

    @Test func thePreludeCompilesOnce() {
        #expect(LottieExpressionPrelude.bytecode?.isEmpty == false)
    }

    @Test func pathExpressionsWarn() throws {
        let shape =
            #"[{"ty":"sh","ks":{"a":0,"k":{"v":[[0,0],[1,1]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]],"c":false},"x":"value"}}]"#
        let c = try lottie(layers: "[" + shapeLayer(shape) + "]")
        #expect(
            c.warnings.map(\.message) == [
                "expression not evaluated (expressions on paths are not evaluated); the keyframes are used"
            ])
    }

    // MARK: Source

    @Test func instrumentingNeverTrapsOnGarbage() {
        // Fragments of JavaScript in random order (unclosed strings, comments and brackets included):
        // every source either comes back with its own bytes in order, or is refused.
        let pieces = [
            "for", "while", "do", "function", "(", ")", "{", "}", ";", "/", "*", "'", "\"", "\\", "in", " ",
            "\n", "x", "1e+5", ".", "=", "[", "]", "//", "/*", "*/", "$bm_tick", "é", "0x1F",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            var source = ""
            for _ in 0..<Int(state % 24) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                source += pieces[Int((state >> 33) % UInt64(pieces.count))]
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            guard let out = try? LottieExpressionSource.instrument(source) else { continue }
            var rest = Substring(out)
            for c in source {
                guard let i = rest.firstIndex(of: c) else {
                    Issue.record("\(source) → \(out)")
                    break
                }
                rest = rest[rest.index(after: i)...]
            }
        }
    }

    @Test func loopsAndFunctionsCountSteps() throws {
        let out = try LottieExpressionSource.instrument(
            "for (var i = 0; i < n; i++) { f(function (x) { return x; }); } while (a) b(); for (k in o) g(k); for (;;) {}"
                + " s = 'while(1){}'; // for(;;)\n x = a / b / c;")
        #expect(out.contains("for (var i = 0;$bm_tick()&&( i < n); i++)"))
        #expect(out.contains("function (x) {$bm_tick(); return x; }"))
        #expect(out.contains("while ($bm_tick()&&(a))"))
        #expect(out.contains("for (k in o) if($bm_tick()) g(k)"))
        #expect(out.contains("for (;$bm_tick();)"))
        #expect(out.contains("s = 'while(1){}'; // for(;;)\n x = a / b / c;"))
        #expect(throws: LottieExpressionSource.Refusal.self) { try LottieExpressionSource.instrument("x = /a/") }
        #expect(try LottieExpressionSource.instrument("return (a) / 2") == "return (a) / 2")
    }
}
