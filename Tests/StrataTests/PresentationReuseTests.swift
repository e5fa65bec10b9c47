import Foundation
import Testing

@testable import Strata

/// Presentation copies from tick to tick: an animated layer's copy is made
/// anew each tick (a tree stays as it was returned) and never shows stale
/// values; a ticked snapshot's nodes, written from number plans without
/// copies, hold what copies made anew show.
@Suite struct PresentationReuseTests {
    /// A root with a static parent holding one layer that moves from x = 0 to 100 over 1 s.
    func movingStage() -> (stage: Stage, parent: CALayer, mover: CALayer) {
        let stage = Stage()
        let parent = stage.show(CALayer())
        let mover = CALayer()
        mover.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.addSublayer(mover)
        stage.tick(0)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 1
        mover.add(move, forKey: "move")
        return (stage, parent, mover)
    }

    @Test func animatedCopiesAreMadeAnewAndEarlierTreesStayAsTheyWere() throws {
        let (stage, _, _) = movingStage()
        let first = stage.tick(0.25)
        let firstMover = try #require(first.sublayers?.first?.sublayers?.first)
        #expect(near(firstMover.position.x, 25))
        let second = stage.tick(0.5)
        let secondParent = try #require(second.sublayers?.first)
        let secondMover = try #require(secondParent.sublayers?.first)
        #expect(secondMover !== firstMover, "the animated copy is made anew")
        #expect(secondParent !== first.sublayers?.first, "and its superlayer's, which holds it")
        #expect(near(secondMover.position.x, 50))
        #expect(secondMover.superlayer === secondParent)
        #expect(near(firstMover.position.x, 25), "the first tree is as it was returned")
    }

    /// An animated leaf's copy follows sublayers added and removed (which
    /// drop no copy), and keeps moving.
    @Test func anAnimatedCopyFollowsSublayersAddedAndRemoved() throws {
        let (stage, _, mover) = movingStage()
        let leaf = try #require(stage.tick(0.25).sublayers?.first?.sublayers?.first)
        #expect(leaf.sublayers == nil)
        let child = CALayer()
        child.name = "child"
        mover.addSublayer(child)
        let withChild = try #require(stage.tick(0.5).sublayers?.first?.sublayers?.first)
        #expect(withChild.sublayers?.map(\.name) == ["child"])
        #expect(near(withChild.position.x, 50))
        child.removeFromSuperlayer()
        let again = try #require(stage.tick(0.75).sublayers?.first?.sublayers?.first)
        #expect(again.sublayers == nil, "the removed sublayer's copy is gone")
        #expect(near(again.position.x, 75))
    }

    /// Number animations written as they are (a transform field, a Float, a
    /// CGFloat; eased, repeating, reversing, not yet begun, two on a layer;
    /// basic, and linear or discrete keyframes), and keyframes of points,
    /// rectangles, Bools and value functions' inputs (added to the transform
    /// or not, as Lottie files animate)
    /// are written into a ticked snapshot's nodes from a `NumberAnimationPlan`:
    /// the values must be those of copies made anew every frame, to the bit.
    @Test func numberAnimationsInTickedNodesMatchFreshCopies() throws {
        func build(_ stage: Stage) -> [CALayer] {
            let layers = (0..<13).map { _ in CALayer() }
            for layer in layers {
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
                var perspective = CATransform3DIdentity
                perspective.m34 = -1 / 500
                layer.transform = CATransform3DTranslate(perspective, 3, 4, 0)
                stage.show(layer)
            }
            func number(_ keyPath: String, _ from: Double, _ to: Double) -> CABasicAnimation {
                let a = CABasicAnimation(keyPath: keyPath)
                a.fromValue = from
                a.toValue = to
                a.duration = 0.7
                return a
            }
            let turn = number("transform.rotation.y", 0, 2 * .pi)
            turn.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            turn.repeatCount = .infinity
            layers[0].add(turn, forKey: "turn")
            let fade = number("opacity", 1, 0.25)
            fade.autoreverses = true
            fade.repeatCount = 3
            layers[1].add(fade, forKey: "fade")
            let round = number("cornerRadius", 0, 15)
            round.beginTime = stage.now + 0.3
            round.fillMode = .both
            round.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0.9, 0.2, 1.4)
            layers[2].add(round, forKey: "round")
            layers[3].add(number("transform.rotation.z", 0.5, -1), forKey: "spin")
            layers[3].add(number("transform.scale", 1, 2.5), forKey: "grow")
            // Keyframes of numbers: linear with key times and a curve per segment, discrete,
            // on a transform field, reversing, one value, begun later and held.
            func keyframes(_ keyPath: String, _ values: [Double]) -> CAKeyframeAnimation {
                let a = CAKeyframeAnimation(keyPath: keyPath)
                a.values = values
                a.duration = 0.9
                return a
            }
            let slide = keyframes("position.x", [10, 80, 35, 120])
            slide.keyTimes = [0, 0.2, 0.7, 1]
            slide.timingFunctions = [
                CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.5, -0.4, 0.3, 1.6),
                CAMediaTimingFunction(name: .linear),
            ]
            slide.repeatCount = 2
            layers[4].add(slide, forKey: "slide")
            let steps = keyframes("opacity", [1, 0.2, 0.7])
            steps.calculationMode = .discrete
            layers[5].add(steps, forKey: "steps")
            let wobble = keyframes("transform.rotation.z", [0, 0.4, -0.3, 0])
            wobble.autoreverses = true
            wobble.repeatCount = .infinity
            wobble.timingFunction = CAMediaTimingFunction(name: .easeOut)
            layers[6].add(wobble, forKey: "wobble")
            let late = keyframes("cornerRadius", [4, 12, 2])
            late.beginTime = stage.now + 0.5
            late.fillMode = .both
            layers[7].add(late, forKey: "late")
            layers[7].add(keyframes("position.y", [60]), forKey: "one")
            func values(_ keyPath: String, _ values: [Any]) -> CAKeyframeAnimation {
                let a = CAKeyframeAnimation(keyPath: keyPath)
                a.values = values
                a.duration = 0.8
                return a
            }
            let points = [CGPoint(x: 5, y: 9), CGPoint(x: 70, y: -20), CGPoint(x: 33, y: 41)]
            let path = values("position", points.map { NSValue(cgPoint: $0) })
            path.keyTimes = [0, 0.35, 1]
            path.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn)]
            path.repeatCount = .infinity
            layers[8].add(path, forKey: "path")
            let origin = values("bounds.origin", points.reversed().map { NSValue(cgPoint: $0) })
            origin.calculationMode = .discrete
            layers[8].add(origin, forKey: "origin")
            let blink = values("hidden", [false, true, false, NSNumber(value: 1)])
            blink.calculationMode = .discrete
            blink.keyTimes = [0, 0.25, 0.5, 0.75, 1]
            blink.repeatCount = .infinity
            layers[9].add(blink, forKey: "blink")
            // Lottie's transform: additive rotation, then an additive scale, on the model's transform.
            let rotation = values("transform", [0, 1.2, -0.4].map { NSNumber(value: $0) })
            rotation.valueFunction = CAValueFunction(name: .rotateZ)
            rotation.isAdditive = true
            rotation.timingFunctions = [
                CAMediaTimingFunction(controlPoints: 0.4, 0, 0.2, 1), CAMediaTimingFunction(name: .linear),
            ]
            rotation.autoreverses = true
            rotation.repeatCount = .infinity
            layers[10].add(rotation, forKey: "rotation")
            let scale = values(
                "transform", [[1, 1, 1], [1.5, 0.5, 1], [0.8, 1.25, 1]].map { $0.map { NSNumber(value: $0) } })
            scale.valueFunction = CAValueFunction(name: .scale)
            scale.isAdditive = true
            layers[10].add(scale, forKey: "scale")
            let move = values("transform", [[0, 0], [30, -12]].map { $0.map { NSNumber(value: $0) } })
            move.valueFunction = CAValueFunction(name: .translate)
            move.repeatCount = .infinity
            layers[11].add(move, forKey: "move")
            let frames = values(
                "bounds",
                [CGRect(x: 0, y: 0, width: 40, height: 30), CGRect(x: 4, y: -3, width: 90, height: 12)].map {
                    NSValue(cgRect: $0)
                })
            frames.repeatCount = .infinity
            layers[12].add(frames, forKey: "frames")
            return layers
        }
        try Self.playAgainstFreshCopies(build: build) { x, y, at in
            #expect(x.state.transform == y.transform, "transform, \(at)")
            #expect(x.state.opacity == y.opacity, "opacity, \(at)")
            #expect(x.state.cornerRadius == y.cornerRadius, "cornerRadius, \(at)")
            #expect(x.state.position == y.position, "position, \(at)")
            #expect(x.state.bounds == y.bounds && x.state.isHidden == y.isHidden, "bounds, hidden, \(at)")
        }
    }

    /// Plays the layers `build` makes on two stages for 40 frames: one ticked
    /// into a snapshot (its layers' animations written from plans), the other
    /// making its presentation copies anew every frame (from the
    /// evaluators); `change` runs on both sets of layers before frame 20.
    /// `compare` gets each node, the copy of the same layer and where (which
    /// layer, when). Every ticked layer must have sampled with a plan (not
    /// only have one: it holds a sampled version).
    static func playAgainstFreshCopies<Layer: CALayer>(
        build: (Stage) -> [Layer], change: ([Layer]) -> Void = { _ in }, writesContent: Bool = false,
        compare: (LayerSnapshotNode, CALayer, String) -> Void
    ) throws {
        let ticked = Stage(), fresh = Stage()
        let sampled = build(ticked), made = build(fresh)
        var snapshot = LayerTreeSnapshot()
        for k in 1...40 {
            let t = Double(k) / 30
            if k == 20 {
                change(sampled)
                change(made)
                CATransaction.flush()
            }
            ticked.ticker.tick(at: t, into: &snapshot)
            let copies = try #require(fresh.tick(t).sublayers)
            #expect(snapshot.nodes.count == copies.count + 1)
            for (n, (x, y)) in zip(snapshot.nodes.dropFirst(), copies).enumerated() {
                compare(x, y, "layer \(n) at \(t)")
            }
        }
        for (k, layer) in sampled.enumerated() {
            let plan = layer._animationState?.numberPlan?.plan
            #expect(plan != nil && (!writesContent || plan!.writesContent), "layer \(k)")
            // Sampled with it, not only made (a plan is kept before the other guards are asked).
            #expect(layer._sampledVersion != 0, "layer \(k) sampled through a copy")
        }
    }

    /// `playAgainstFreshCopies` of plain layers whose transform, opacity,
    /// position, bounds and background colour are animated: the model's
    /// values of all five change under the animations halfway.
    static func playComparingPlacesAndColour(build: (Stage) -> [CALayer]) throws {
        try playAgainstFreshCopies(
            build: build,
            change: { layers in
                for layer in layers {
                    layer.position = CGPoint(x: 20, y: 25)
                    layer.opacity = 0.9
                    layer.bounds.size.width = 12
                    layer.backgroundColor = colour(0, 0.8, 0.3)
                    layer.transform = CATransform3DMakeScale(1.5, 1, 1)
                }
            }
        ) { x, y, at in
            #expect(x.state.transform == y.transform, "transform, \(at)")
            #expect(x.state.opacity == y.opacity, "opacity, \(at)")
            #expect(x.state.position == y.position, "position, \(at)")
            #expect(x.state.bounds == y.bounds, "bounds, \(at)")
            #expect(x.state.backgroundColor == y.backgroundColor, "backgroundColor, \(at)")
        }
    }

    /// An sRGB colour.
    static func colour(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    /// `count` layers 40 × 30 points, each set up by `setUp`, shown on `stage`.
    static func shownLayers(_ count: Int, on stage: Stage, _ setUp: (CALayer) -> Void = { _ in }) -> [CALayer] {
        (0..<count).map { _ in
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            setUp(layer)
            stage.show(layer)
            return layer
        }
    }

    /// A keyframe animation of `values` at `keyPath` over 0.9 s, repeating forever.
    static func looping(_ keyPath: String, _ values: [Any]) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = values
        animation.duration = 0.9
        animation.repeatCount = .infinity
        return animation
    }

    /// A shape layer's animations of its own properties (numbers from a
    /// basic animation or keyframes; keyframes of colours and paths, linear
    /// or discrete, with curves), alone or with a transform's, are a plan
    /// written into its node's content: the content must be a fresh copy's,
    /// to the bit, also after the model changes under the animations.
    @Test func shapeAnimationsInTickedNodesMatchFreshCopies() throws {
        func circle(_ r: CGFloat) -> CGPath {
            CGPath(ellipseIn: CGRect(x: 20 - r, y: 20 - r, width: 2 * r, height: 2 * r), transform: nil)
        }
        func star(_ k: CGFloat) -> CGPath {
            let p = CGMutablePath()
            p.move(to: CGPoint(x: 20, y: 2 * k))
            p.addLine(to: CGPoint(x: 30 + k, y: 38))
            p.addQuadCurve(to: CGPoint(x: 2, y: 14), control: CGPoint(x: 10, y: 20 + k))
            p.addLine(to: CGPoint(x: 38 - k, y: 14))
            p.closeSubpath()
            return p
        }
        func build(_ stage: Stage) -> [CAShapeLayer] {
            let layers = (0..<6).map { _ in CAShapeLayer() }
            for layer in layers {
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                layer.path = circle(15)
                layer.strokeColor = Self.colour(0.2, 0.4, 0.9)
                layer.lineWidth = 3
                stage.show(layer)
            }
            let keyframes = Self.looping
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 0.7
            grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            grow.repeatCount = .infinity
            layers[0].add(grow, forKey: "grow")
            let trim = keyframes("strokeStart", [0, 0.3, 0.1].map { NSNumber(value: $0) })
            trim.keyTimes = [0, 0.4, 1]
            trim.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            layers[1].add(trim, forKey: "trim")
            let width = keyframes("lineWidth", [1, 6, 2].map { NSNumber(value: $0) })
            width.calculationMode = .discrete
            layers[1].add(width, forKey: "width")
            layers[2].add(
                keyframes("fillColor", [Self.colour(1, 0, 0), Self.colour(0, 1, 0, 0.5), Self.colour(0.1, 0.2, 1)]),
                forKey: "fill")
            let stroke = keyframes("strokeColor", [Self.colour(1, 1, 0), Self.colour(0, 0, 0)])
            stroke.calculationMode = .discrete
            stroke.autoreverses = true
            layers[2].add(stroke, forKey: "stroke")
            let morph = keyframes("path", [star(0), star(6), star(2)])
            morph.timingFunctions = [
                CAMediaTimingFunction(controlPoints: 0.3, 0.9, 0.2, 1.4), CAMediaTimingFunction(name: .linear),
            ]
            layers[3].add(morph, forKey: "morph")
            // Paths of other element counts do not mix: one or the other.
            layers[4].add(keyframes("path", [circle(10), star(3)]), forKey: "jump")
            // Basic animations of a colour and a path: both ends, or to a value from the one beneath.
            let tint = CABasicAnimation(keyPath: "strokeColor")
            tint.toValue = Self.colour(0, 1, 0.5)
            tint.duration = 0.5
            tint.repeatCount = .infinity
            layers[4].add(tint, forKey: "tint")
            let bend = CABasicAnimation(keyPath: "path")
            bend.fromValue = star(1)
            bend.toValue = star(5)
            bend.duration = 0.8
            bend.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            bend.repeatCount = .infinity
            layers[3].add(bend, forKey: "bend")
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 3
            turn.duration = 1
            layers[5].add(turn, forKey: "turn")
            let phase = keyframes("lineDashPhase", [0, 12].map { NSNumber(value: $0) })
            // Begun later, shown before it begins, then over but kept: the model's phase again.
            phase.beginTime = stage.now + 0.4
            phase.fillMode = .backwards
            phase.repeatCount = 1
            phase.isRemovedOnCompletion = false
            layers[5].lineDashPattern = [4, 3]
            layers[5].add(phase, forKey: "phase")
            return layers
        }
        // The model changes under the animations: fields they write and fields they do not.
        func change(_ layers: [CAShapeLayer]) {
            layers[0].strokeEnd = 0.5
            layers[0].lineWidth = 7
            layers[2].fillColor = Self.colour(0.5, 0.5, 0.5)
            layers[3].strokeColor = Self.colour(0, 0.6, 0)
            layers[5].path = star(4)
        }
        try Self.playAgainstFreshCopies(build: build, change: change, writesContent: true) { x, y, at in
            #expect(x.content == y.drawnContent, "\(at)")
            #expect(x.state.transform == y.transform, "\(at)")
        }
    }

    /// Whole transforms and colours of a plain layer, from basic animations
    /// (both ends given, with an overshooting curve; only one, the other the
    /// value beneath, after an earlier animation of the key) and linear or
    /// discrete keyframes, are a plan's too: the nodes must hold what copies
    /// made anew hold, to the bit, also after the model changes.
    @Test func transformAndColourAnimationsInTickedNodesMatchFreshCopies() throws {
        func matrix(_ angle: CGFloat, _ x: CGFloat, _ s: CGFloat) -> NSValue {
            var m = CATransform3DMakeRotation(angle, 0.3, 1, 0.2)
            m = CATransform3DTranslate(m, x, -x / 2, 4)
            m.m34 = -1 / 600
            return NSValue(caTransform3D: CATransform3DScale(m, s, s, 1))
        }
        func build(_ stage: Stage) -> [CALayer] {
            let layers = (0..<5).map { _ in CALayer() }
            for layer in layers {
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
                layer.backgroundColor = Self.colour(0.2, 0.3, 0.4)
                layer.transform = CATransform3DMakeTranslation(3, 4, 0)
                stage.show(layer)
            }
            func basic(_ keyPath: String, from: Any?, to: Any?) -> CABasicAnimation {
                let a = CABasicAnimation(keyPath: keyPath)
                a.fromValue = from
                a.toValue = to
                a.duration = 0.7
                a.repeatCount = .infinity
                return a
            }
            let flip = basic("transform", from: matrix(0, 0, 1), to: matrix(2.5, 30, 1.4))
            flip.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0.9, 0.2, 1.4)
            layers[0].add(flip, forKey: "flip")
            layers[0].add(
                basic("backgroundColor", from: Self.colour(1, 0, 0), to: Self.colour(0, 0, 1, 0.5)), forKey: "tint")
            // Only a toValue: from the value beneath (the model's, then an earlier animation's).
            layers[1].add(basic("transform", from: nil, to: matrix(-1, 12, 0.8)), forKey: "to")
            layers[1].add(basic("borderColor", from: nil, to: Self.colour(0, 1, 0)), forKey: "border")
            layers[1].add(basic("shadowColor", from: Self.colour(1, 1, 0), to: nil), forKey: "shadow")
            let turn = CAKeyframeAnimation(keyPath: "transform")
            turn.values = [matrix(0, 0, 1), matrix(1.2, -8, 1.1), matrix(-0.4, 20, 0.9)]
            turn.keyTimes = [0, 0.3, 1]
            turn.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
            turn.duration = 0.9
            turn.autoreverses = true
            turn.repeatCount = .infinity
            layers[2].add(turn, forKey: "turn")
            let blink = CAKeyframeAnimation(keyPath: "backgroundColor")
            blink.values = [Self.colour(1, 1, 1), Self.colour(0, 0, 0, 0.25), Self.colour(0.5, 0, 1)]
            blink.calculationMode = .discrete
            blink.duration = 0.6
            blink.repeatCount = .infinity
            layers[3].add(blink, forKey: "blink")
            let sub = basic("sublayerTransform", from: matrix(0.2, 5, 1), to: matrix(0.9, -5, 1.2))
            sub.beginTime = stage.now + 0.3
            sub.fillMode = .backwards
            layers[4].add(sub, forKey: "sub")
            // A later animation of the same key from the value beneath: the earlier one's.
            layers[4].add(
                basic("backgroundColor", from: Self.colour(0, 0.5, 0.5), to: Self.colour(1, 0.5, 0)), forKey: "a")
            layers[4].add(basic("backgroundColor", from: nil, to: Self.colour(0, 0, 0, 0)), forKey: "b")
            return layers
        }
        func change(_ layers: [CALayer]) {
            layers[1].transform = CATransform3DMakeScale(1.5, 0.5, 1)
            layers[1].borderColor = Self.colour(0.9, 0.1, 0.1)
            layers[3].backgroundColor = nil
        }
        try Self.playAgainstFreshCopies(build: build, change: change) { x, y, at in
            #expect(x.state.transform == y.transform, "\(at)")
            #expect(x.state.sublayerTransform == y.sublayerTransform, "\(at)")
            #expect(x.state.backgroundColor == y.backgroundColor, "\(at)")
            #expect(x.state.borderColor == y.borderColor, "\(at)")
            #expect(x.state.shadowColor == y.shadowColor, "\(at)")
        }
    }

    /// A gradient layer's colours, locations and points, from keyframes
    /// (linear with curves, discrete; colours of other counts) and basic
    /// animations with both ends, are a plan written into its node's content.
    @Test func gradientAnimationsInTickedNodesMatchFreshCopies() throws {
        func build(_ stage: Stage) -> [CAGradientLayer] {
            let layers = (0..<3).map { _ in CAGradientLayer() }
            for layer in layers {
                layer.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
                layer.colors = [Self.colour(1, 0, 0), Self.colour(0, 0, 1)]
                layer.locations = [0.2, 0.8]
                stage.show(layer)
            }
            let keyframes = Self.looping
            let shimmer = keyframes(
                "locations", [[0, 0.1], [0.45, 0.55], [0.9, 1]].map { $0.map { NSNumber(value: $0) } })
            shimmer.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
            layers[0].add(shimmer, forKey: "shimmer")
            let sweep = CABasicAnimation(keyPath: "startPoint")
            sweep.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
            sweep.toValue = NSValue(cgPoint: CGPoint(x: 1, y: 0.5))
            sweep.duration = 0.7
            sweep.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, 0.9, 0.2, 1.4)
            sweep.repeatCount = .infinity
            layers[0].add(sweep, forKey: "sweep")
            layers[1].add(
                keyframes(
                    "colors",
                    [[Self.colour(1, 1, 0), Self.colour(0, 1, 1)], [Self.colour(0, 0, 0, 0.5), Self.colour(1, 1, 1)]]),
                forKey: "colors")
            let ends = keyframes("endPoint", [CGPoint(x: 0.5, y: 1), CGPoint(x: 1, y: 1)].map { NSValue(cgPoint: $0) })
            ends.calculationMode = .discrete
            layers[1].add(ends, forKey: "ends")
            // Colours of other counts do not mix: one list or the other.
            layers[2].type = .radial
            layers[2].add(
                keyframes(
                    "colors",
                    [
                        [Self.colour(1, 0, 1), Self.colour(0, 1, 0)],
                        [Self.colour(0, 0, 1), Self.colour(1, 0, 0), Self.colour(0, 0, 0)],
                    ]),
                forKey: "more")
            layers[2].add(
                keyframes("radialFocus", [CGPoint(x: 0, y: 0), CGPoint(x: 0.3, y: -0.2)].map { NSValue(cgPoint: $0) }),
                forKey: "focus")
            return layers
        }
        func change(_ layers: [CAGradientLayer]) {
            layers[0].colors = [Self.colour(0, 1, 0), Self.colour(1, 1, 1), Self.colour(0, 0, 0)]
            layers[1].locations = nil
            layers[2].startPoint = CGPoint(x: 0.2, y: 0.2)
        }
        try Self.playAgainstFreshCopies(build: build, change: change, writesContent: true) { x, y, at in
            #expect(x.content == y.drawnContent, "\(at)")
        }
    }

    /// Springs of numbers, transforms and colours (a spring's
    /// progress in place of the curve) are plans: ticked nodes hold what
    /// fresh copies show, to the bit, also after the model changes under them.
    @Test func springsInTickedNodesMatchFreshCopies() throws {
        func spring(_ keyPath: String, _ from: Any?, _ to: Any?, damping: CGFloat = 6) -> CASpringAnimation {
            let a = CASpringAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.damping = damping
            a.stiffness = 120
            a.mass = 1.2
            a.initialVelocity = 2
            a.duration = a.settlingDuration
            return a
        }
        func build(_ stage: Stage) -> [CALayer] {
            let layers = Self.shownLayers(5, on: stage) { $0.backgroundColor = Self.colour(0.2, 0.4, 0.9) }
            layers[0].add(spring("transform.scale", 0.5, 1.2), forKey: "pop")
            layers[1].add(spring("opacity", 0, 1, damping: 30), forKey: "fade")
            let move = spring("position.x", 5, 90)
            move.repeatCount = 2
            layers[2].add(move, forKey: "move")
            // An implicit-style spring: from the value beneath to a given one.
            layers[3].add(spring("backgroundColor", nil, Self.colour(1, 0.5, 0)), forKey: "tint")
            var tilted = CATransform3DIdentity
            tilted.m34 = -1 / 400
            tilted = CATransform3DRotate(tilted, 0.8, 0, 1, 0)
            layers[4].add(
                spring("transform", NSValue(caTransform3D: CATransform3DIdentity), NSValue(caTransform3D: tilted)),
                forKey: "tilt")
            return layers
        }
        try Self.playAgainstFreshCopies(
            build: build,
            change: { layers in
                layers[3].backgroundColor = Self.colour(0, 0.8, 0.3)
                layers[2].position.x = 30
            }
        ) { x, y, at in
            #expect(x.state.transform == y.transform, "transform, \(at)")
            #expect(x.state.opacity == y.opacity, "opacity, \(at)")
            #expect(x.state.position == y.position, "position, \(at)")
            #expect(x.state.backgroundColor == y.backgroundColor, "backgroundColor, \(at)")
        }
    }

    /// Basic animations of points, sizes and rectangles (the moves and
    /// resizes of UIs, springs among them; an end not given is the value
    /// beneath, as an implicit animation's) are plans: ticked nodes hold
    /// what fresh copies show, to the bit, also after the model changes.
    @Test func geometryAnimationsInTickedNodesMatchFreshCopies() throws {
        func basic(_ keyPath: String, _ from: Any?, _ to: Any?) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.duration = 0.8
            a.timingFunction = CAMediaTimingFunction(controlPoints: 0.3, -0.5, 0.4, 1.5)
            return a
        }
        func point(_ x: CGFloat, _ y: CGFloat) -> NSValue { NSValue(cgPoint: CGPoint(x: x, y: y)) }
        func build(_ stage: Stage) -> [CALayer] {
            let layers = Self.shownLayers(7, on: stage) { $0.position = CGPoint(x: 50, y: 60) }
            // Numbers with an end from beneath, as implicit animations have.
            layers[6].add(basic("opacity", 0.2, nil), forKey: "fade")
            layers[6].add(basic("cornerRadius", nil, 12), forKey: "round")
            let move = basic("position", point(5, 9), point(90, 40))
            move.repeatCount = .infinity
            move.autoreverses = true
            layers[0].add(move, forKey: "move")
            layers[1].add(
                basic("bounds", NSValue(cgRect: CGRect(x: 3, y: -2, width: 80, height: 10)), nil), forKey: "grow")
            layers[2].add(basic("anchorPoint", nil, point(0, 1)), forKey: "pivot")
            layers[3].add(
                basic(
                    "bounds.size", NSValue(cgSize: CGSize(width: 4, height: 8)),
                    NSValue(cgSize: CGSize(width: 60, height: 5))),
                forKey: "size")
            let bounce = CASpringAnimation(keyPath: "position")
            bounce.fromValue = point(0, 0)
            bounce.damping = 5
            bounce.duration = bounce.settlingDuration
            layers[4].add(bounce, forKey: "bounce")
            // Two on one field: the second mixes from the first's value.
            layers[5].add(basic("position", point(10, 10), point(70, 20)), forKey: "first")
            let second = basic("position", nil, point(20, 80))
            second.beginTime = stage.now + 0.4
            layers[5].add(second, forKey: "second")
            return layers
        }
        try Self.playAgainstFreshCopies(
            build: build,
            change: { layers in
                for layer in layers {
                    layer.position = CGPoint(x: 33, y: 44)
                    layer.bounds.size.width = 25
                }
                layers[6].opacity = 0.7
                layers[6].cornerRadius = 3
            }
        ) { x, y, at in
            #expect(x.state.position == y.position, "position, \(at)")
            #expect(x.state.bounds == y.bounds, "bounds, \(at)")
            #expect(x.state.anchorPoint == y.anchorPoint, "anchorPoint, \(at)")
            #expect(x.state.opacity == y.opacity && x.state.cornerRadius == y.cornerRadius, "opacity, radius, \(at)")
        }
    }

    /// Additive animations of plain numbers, points, sizes and rectangles
    /// (a shake, a nudge) are plans that add to the value beneath, also to
    /// another animation's: ticked nodes hold what fresh copies show, to the
    /// bit, also after the model changes under them.
    @Test func additiveAnimationsInTickedNodesMatchFreshCopies() throws {
        func build(_ stage: Stage) -> [CALayer] {
            let layers = Self.shownLayers(5, on: stage) {
                $0.position = CGPoint(x: 50, y: 60)
                $0.opacity = 0.6
            }
            let shake = Self.looping("position.x", [0, 12, -9, 4, 0])
            shake.isAdditive = true
            shake.keyTimes = [0, 0.2, 0.5, 0.8, 1]
            layers[0].add(shake, forKey: "shake")
            let nudge = CABasicAnimation(keyPath: "position")
            nudge.fromValue = NSValue(cgPoint: CGPoint(x: -5, y: 3))
            nudge.toValue = NSValue(cgPoint: CGPoint(x: 20, y: -8))
            nudge.isAdditive = true
            nudge.duration = 0.7
            nudge.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 1.6, 0.5, 1)
            nudge.repeatCount = .infinity
            layers[1].add(nudge, forKey: "nudge")
            let dim = CABasicAnimation(keyPath: "opacity")
            dim.fromValue = 0
            dim.toValue = -0.4
            dim.isAdditive = true
            dim.duration = 0.9
            dim.autoreverses = true
            layers[2].add(dim, forKey: "dim")
            let swell = Self.looping(
                "bounds.size", [CGSize.zero, CGSize(width: 8, height: -4)].map { NSValue(cgSize: $0) })
            swell.isAdditive = true
            layers[3].add(swell, forKey: "swell")
            // A move, then a shake added to the moving value.
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
            move.toValue = NSValue(cgPoint: CGPoint(x: 90, y: 30))
            move.duration = 1.1
            layers[4].add(move, forKey: "move")
            let jitter = Self.looping("position.y", [0, 3, -3, 0])
            jitter.isAdditive = true
            layers[4].add(jitter, forKey: "jitter")
            return layers
        }
        try Self.playComparingPlacesAndColour(build: build)
    }

    /// Animations in groups (eased, repeating, autoreversed, begun late,
    /// filled, nested, clipping what runs past them) are plans: each child
    /// runs in its group's local time, as `GroupEvaluator` applies it. Ticked
    /// nodes hold what fresh copies show, to the bit, also after the model
    /// changes under them.
    @Test func groupedAnimationsInTickedNodesMatchFreshCopies() throws {
        func basic(_ keyPath: String, _ from: Any?, _ to: Any?, duration: Double) -> CABasicAnimation {
            let a = CABasicAnimation(keyPath: keyPath)
            a.fromValue = from
            a.toValue = to
            a.duration = duration
            return a
        }
        func group(_ animations: [CAAnimation], duration: Double) -> CAAnimationGroup {
            let g = CAAnimationGroup()
            g.animations = animations
            g.duration = duration
            return g
        }
        func build(_ stage: Stage) -> [CALayer] {
            let layers = Self.shownLayers(4, on: stage) {
                $0.position = CGPoint(x: 50, y: 60)
                $0.backgroundColor = Self.colour(0.2, 0.4, 0.9)
            }
            // A turn that ends inside its group, then a fade begun later in it.
            let fade = basic("opacity", 1, 0.2, duration: 0.5)
            fade.beginTime = 0.3
            fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
            let pulse = group([basic("transform.rotation.z", 0, 3, duration: 0.6), fade], duration: 1)
            pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            pulse.repeatCount = .infinity
            pulse.autoreverses = true
            layers[0].add(pulse, forKey: "pulse")
            // Keyframes and a spring cut short by their group, which then holds its end.
            let pop = CASpringAnimation(keyPath: "transform.scale")
            pop.fromValue = 0.5
            pop.toValue = 1.1
            pop.damping = 6
            pop.duration = pop.settlingDuration
            let held = group(
                [
                    Self.looping(
                        "position", [CGPoint(x: 0, y: 0), CGPoint(x: 80, y: 20)].map { NSValue(cgPoint: $0) }), pop,
                ],
                duration: 0.5)
            held.fillMode = .forwards
            held.isRemovedOnCompletion = false
            layers[1].add(held, forKey: "held")
            // A group in a group: a colour from the one beneath and a shake added to the position.
            let shake = Self.looping("position.x", [0, 9, -6, 0])
            shake.isAdditive = true
            let inner = group(
                [basic("backgroundColor", nil, Self.colour(1, 0.5, 0), duration: 0.3), shake], duration: 0.4)
            inner.beginTime = 0.2
            inner.repeatCount = 2
            inner.timingFunction = CAMediaTimingFunction(name: .easeIn)
            let outer = group([inner], duration: 1.2)
            outer.speed = 2
            outer.repeatCount = .infinity
            layers[2].add(outer, forKey: "outer")
            // A group begun later, shown before it begins.
            let grow = group(
                [basic("bounds.size", NSValue(cgSize: CGSize(width: 4, height: 8)), nil, duration: 0.5)], duration: 0.5)
            grow.beginTime = stage.now + 0.5
            grow.fillMode = .backwards
            layers[3].add(grow, forKey: "grow")
            return layers
        }
        try Self.playComparingPlacesAndColour(build: build)
    }

    /// The other animations of a layer's own fields (keyframes paced, cubic
    /// or along a path, turning the layer with a rotation mode; a spinner's
    /// `byValue`; cumulative repeats) are plans too, their evaluators making
    /// each frame's value from the node: ticked nodes hold what fresh copies
    /// show, to the bit, also after the model changes under them.
    @Test func evaluatedAnimationsInTickedNodesMatchFreshCopies() throws {
        func points(_ xys: [(CGFloat, CGFloat)]) -> [Any] { xys.map { NSValue(cgPoint: CGPoint(x: $0.0, y: $0.1)) } }
        func build(_ stage: Stage) -> [CALayer] {
            let layers = Self.shownLayers(10, on: stage) {
                $0.position = CGPoint(x: 50, y: 60)
                $0.backgroundColor = Self.colour(0.2, 0.4, 0.9)
            }
            let smooth = Self.looping("position", points([(0, 0), (60, 10), (20, 70), (90, 40)]))
            smooth.calculationMode = .cubic
            layers[0].add(smooth, forKey: "smooth")
            let even = Self.looping("position", points([(0, 0), (80, 0), (80, 5)]))
            even.calculationMode = .paced
            layers[1].add(even, forKey: "even")
            let route = CGMutablePath()
            route.move(to: CGPoint(x: 10, y: 10))
            route.addCurve(to: CGPoint(x: 90, y: 30), control1: CGPoint(x: 40, y: 80), control2: CGPoint(x: 60, y: -20))
            route.addLine(to: CGPoint(x: 30, y: 60))
            let along = CAKeyframeAnimation(keyPath: "position")
            along.path = route
            along.calculationMode = .paced
            along.duration = 0.8
            along.repeatCount = .infinity
            layers[2].add(along, forKey: "along")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.byValue = 2 * Double.pi
            spin.duration = 0.7
            spin.repeatCount = .infinity
            layers[3].add(spin, forKey: "spin")
            let step = Self.looping("transform.translation.x", [0, 10, 4].map { NSNumber(value: $0) })
            step.isCumulative = true
            step.repeatCount = 3
            layers[4].add(step, forKey: "step")
            let glow = Self.looping(
                "backgroundColor", [Self.colour(1, 0, 0), Self.colour(0, 1, 0), Self.colour(0, 0, 1)])
            glow.calculationMode = .cubicPaced
            layers[5].add(glow, forKey: "glow")
            let grow = CABasicAnimation(keyPath: "bounds")
            grow.byValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 30, height: -10))
            grow.duration = 0.9
            grow.autoreverses = true
            grow.repeatCount = .infinity
            layers[6].add(grow, forKey: "grow")
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.byValue = -0.25
            fade.isCumulative = true
            fade.duration = 0.4
            fade.repeatCount = 3
            layers[7].add(fade, forKey: "fade")
            // Along the path, turned to face where it goes (the transform beneath turned too).
            for (k, mode) in [(8, CAAnimationRotationMode.rotateAuto), (9, .rotateAutoReverse)] {
                let facing = CAKeyframeAnimation(keyPath: "position")
                facing.path = route
                facing.rotationMode = mode
                facing.calculationMode = k == 8 ? .paced : .linear
                facing.duration = 0.9
                facing.repeatCount = .infinity
                layers[k].add(facing, forKey: "facing")
            }
            return layers
        }
        try Self.playComparingPlacesAndColour(build: build)
    }

    /// Layers of classes of yours (with their own `init(layer:)`, or none)
    /// animate from plans like Strata's own: the node is written from the
    /// layer, no copy is made each frame, and `presentation()` is still a
    /// copy of the class made by its `init(layer:)` with the animated values.
    @Test func layersOfYourClassesSampleWithPlans() throws {
        func build(_ stage: Stage) -> [CALayer] {
            let progress = ProgressLayer()
            progress.progress = 0.4
            let badge = BadgeLayer(badge: "7")
            let tagged = TaggedShapeLayer(tag: 3)
            tagged.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
            tagged.strokeColor = Self.colour(1, 0, 0)
            let layers: [CALayer] = [progress, badge, tagged]
            for layer in layers {
                layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
                stage.show(layer)
            }
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 2
            turn.duration = 0.9
            turn.repeatCount = .infinity
            progress.add(turn, forKey: "turn")
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 5))
            move.toValue = NSValue(cgPoint: CGPoint(x: 60, y: 25))
            move.duration = 0.8
            badge.add(move, forKey: "move")
            let trim = CABasicAnimation(keyPath: "strokeEnd")
            trim.fromValue = 0
            trim.toValue = 1
            trim.duration = 1
            tagged.add(trim, forKey: "trim")
            return layers
        }
        try Self.playAgainstFreshCopies(build: build, change: { $0[1].opacity = 0.5 }) { x, y, at in
            #expect(x.state.transform == y.transform, "transform, \(at)")
            #expect(x.state.position == y.position && x.state.opacity == y.opacity, "position, opacity, \(at)")
            if case .shape(let shape) = x.content, let copy = y as? CAShapeLayer {
                #expect(shape.strokeEnd == copy.strokeEnd, "strokeEnd, \(at)")
            }
        }
        // presentation() of a class of yours: its class, its values, the animated one.
        let stage = Stage()
        let layer = ProgressLayer()
        layer.progress = 0.75
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        stage.show(layer)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.beginTime = stage.now
        layer.add(fade, forKey: "fade")
        var snapshot = LayerTreeSnapshot()
        stage.ticker.tick(at: stage.now + 0.5, into: &snapshot)
        // Sampled from its plan (a version for the writing), no copy kept.
        #expect(layer._sampledVersion != 0 && layer._presentationCache == nil)
        let shown = try #require(layer.presentation())
        #expect(shown.progress == 0.75)
        #expect(abs(shown.opacity - 0.5) < 1e-6, "\(shown.opacity)")
    }

    /// An animated key of your own (a Lottie composition's clock) is in no
    /// node: a layer animating one, alone or with numbers, samples with a
    /// plan, and its presentation layer still shows the key's animated value.
    @Test func keysOfYourOwnLeaveTheLayerAPlan() throws {
        func clock(_ stage: Stage) -> CABasicAnimation {
            let clock = CABasicAnimation(keyPath: "frameClock")
            clock.fromValue = 0
            clock.toValue = 60
            clock.duration = 2
            clock.beginTime = stage.now
            return clock
        }
        func build(_ stage: Stage) -> [CALayer] {
            let layers = Self.shownLayers(2, on: stage) { $0.setValue(0, forKey: "frameClock") }
            for layer in layers { layer.add(clock(stage), forKey: "clock") }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.2
            fade.duration = 0.9
            fade.repeatCount = .infinity
            layers[1].add(fade, forKey: "fade")
            return layers
        }
        try Self.playAgainstFreshCopies(build: build) { x, y, at in
            #expect(x.state.opacity == y.opacity, "opacity, \(at)")
            #expect(x.state.bounds == y.bounds, "bounds, \(at)")
        }
        // What presentation() shows of the key: the clock's value at the stage's time.
        let stage = Stage()
        let layer = CALayer()
        layer.setValue(0, forKey: "frameClock")
        stage.show(layer)
        layer.add(clock(stage), forKey: "clock")
        var snapshot = LayerTreeSnapshot()
        stage.ticker.tick(at: stage.now + 0.5, into: &snapshot)
        #expect(layer._animationState?.numberPlan?.plan != nil)
        let shown = try #require(layer.presentation()?.value(forKey: "frameClock") as? NSNumber)
        #expect(abs(shown.doubleValue - 15) < 1e-6, "\(shown)")
    }

    @Test func aRemovedAnimationLeavesNoStaleValue() throws {
        let (stage, _, mover) = movingStage()
        stage.tick(0.5)
        // Finished and removed on completion: the copy shows the model value again.
        let after = stage.tick(1.5)
        let moverCopy = try #require(after.sublayers?.first?.sublayers?.first)
        #expect(near(moverCopy.position.x, mover.position.x))
        // Removed by hand mid-flight: the same.
        let again = CABasicAnimation(keyPath: "position.x")
        again.fromValue = 300
        again.toValue = 400
        again.duration = 10
        mover.add(again, forKey: "again")
        // Begun at 1.5 (its commit): half a second into ten.
        #expect(near(try #require(stage.tick(2).sublayers?.first?.sublayers?.first).position.x, 305))
        mover.removeAnimation(forKey: "again")
        #expect(near(try #require(stage.tick(2.5).sublayers?.first?.sublayers?.first).position.x, mover.position.x))
    }

    /// Additive animations, with a colour's or without, do not pile up from
    /// frame to frame: each frame's copy starts from the model's values.
    @Test func additiveAnimationsDoNotAccumulateFromFrameToFrame() throws {
        for withColour in [false, true] {
            let stage = Stage()
            let layer = stage.show(CALayer())
            layer.position = CGPoint(x: 5, y: 0)
            layer.transform = CATransform3DMakeRotation(0.1, 0, 0, 1)
            stage.tick(0)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 0
            slide.toValue = 100
            slide.isAdditive = true
            let turn = CABasicAnimation(keyPath: "transform.rotation.z")
            turn.fromValue = 0
            turn.toValue = 0.4
            turn.isAdditive = true
            let tint = CABasicAnimation(keyPath: "backgroundColor")
            tint.toValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            let group = CAAnimationGroup()
            for child in [slide, turn, tint] { child.duration = 1 }
            group.animations = withColour ? [slide, turn, tint] : [slide, turn]
            group.duration = 1
            layer.add(group, forKey: "group")
            for t in [0.25, 0.5, 0.75] {
                let copy = try #require(stage.tick(t).sublayers?.first)
                #expect(near(copy.position.x, 5 + 100 * t), "at \(t), colour \(withColour)")
                let angle = atan2(Double(copy.transform.m12), Double(copy.transform.m11))
                #expect(near(angle, 0.1 + 0.4 * t, 1e-9), "at \(t), colour \(withColour)")
            }
        }
    }

    @Test func presentationLayersAreNotChangedByLaterTicks() throws {
        let (stage, _, mover) = movingStage()
        stage.tick(0.25)
        let seen = try #require(mover.presentation())
        #expect(near(seen.position.x, 25))
        stage.tick(0.75)
        stage.tick(0.8)
        #expect(near(seen.position.x, 25), "a presentation layer is a snapshot")
        #expect(near(try #require(mover.presentation()).position.x, 80))
    }

    @Test func modelChangesReachAnimatedCopies() throws {
        let (stage, _, mover) = movingStage()
        stage.tick(0.25)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.opacity = 0.5
        mover.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        let copy = try #require(stage.tick(0.5).sublayers?.first?.sublayers?.first)
        #expect(copy.opacity == 0.5)
        #expect(copy.backgroundColor == mover.backgroundColor)
        #expect(near(copy.position.x, 50))
    }

    @Test func additiveAndGroupedAnimationsDoNotBuildOnLastFrame() throws {
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.position = CGPoint(x: 10, y: 10)
        stage.tick(0)
        let nudge = CABasicAnimation(keyPath: "zPosition")
        nudge.fromValue = 0
        nudge.toValue = 100
        nudge.duration = 1
        nudge.isAdditive = true
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        let spin = CAKeyframeAnimation(keyPath: "position")
        spin.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 100)]
        spin.rotationMode = .rotateAuto
        spin.duration = 1
        let group = CAAnimationGroup()
        group.animations = [fade, spin]
        group.duration = 1
        layer.add(group, forKey: "group")
        layer.add(nudge, forKey: "nudge")
        for t in [0.25, 0.5, 0.5, 0.75] {
            let copy = try #require(stage.tick(t).sublayers?.first)
            // The additive nudge adds 100 t to the model's 0, once.
            #expect(near(copy.zPosition, 100 * t, 1e-9), "at \(t)")
            #expect(near(copy.position, CGPoint(x: 100 * t, y: 100 * t), 1e-9))
            #expect(near(Double(copy.opacity), 1 - t, 1e-6))
            // Moving down-right: turned by 45° about z, not by 45° more each frame.
            #expect(near(copy.transform, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), 1e-9))
        }
    }
}
