import Foundation
import Testing

@testable import Strata

/// A deterministic generator (the tests must give the same numbers every run).
private struct SplitMix {
    var state: UInt64
    mutating func next() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }
    mutating func next(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + next() * (range.upperBound - range.lowerBound)
    }
}

@Suite struct InterpolationTests {
    @Test func decompositionRoundTrips() {
        var rng = SplitMix(state: 42)
        var checked = 0
        for _ in 0..<500 {
            // Random products of the usual operations, perspective included.
            var t = CATransform3DIdentity
            t.m34 = CGFloat(-1 / rng.next(200...2000))
            t = CATransform3DRotate(
                t, CGFloat(rng.next(-3...3)), CGFloat(rng.next(-1...1)), CGFloat(rng.next(-1...1)),
                CGFloat(rng.next(-1...1)))
            t = CATransform3DScale(
                t, CGFloat(rng.next(0.2...3)), CGFloat(rng.next(-3...(-0.2))), CGFloat(rng.next(0.2...3)))
            t = CATransform3DTranslate(
                t, CGFloat(rng.next(-300...300)), CGFloat(rng.next(-300...300)),
                CGFloat(rng.next(-300...300)))
            if rng.next() < 0.5 { t.m21 += CGFloat(rng.next(-0.5...0.5)) }  // a shear
            if rng.next() < 0.3 { t.m14 = CGFloat(rng.next(-0.001...0.001)) }  // perspective in x
            guard let d = DecomposedTransform(t) else {
                Issue.record("could not decompose \(t)")
                continue
            }
            let back = d.recomposed()
            // Decomposition normalizes m44 to 1 (the same projective map).
            let normal = CATransform3D(elements: t.elements.map { $0 / t.m44 })
            let scale = normal.elements.map { abs(Double($0)) }.max() ?? 1
            #expect(near(back, normal, 1e-9 * max(scale, 1)), "\(t) → \(back)")
            checked += 1
        }
        #expect(checked == 500)
    }

    @Test func decompositionOfKnownTransforms() {
        let d = DecomposedTransform(CATransform3DMakeTranslation(1, 2, 3)) ?? DecomposedTransform()
        #expect(d.translation == (1, 2, 3))
        #expect(d.scale == (1, 1, 1))
        let s = DecomposedTransform(CATransform3DMakeScale(2, 3, 4)) ?? DecomposedTransform()
        #expect(s.scale == (2, 3, 4))
        let r = DecomposedTransform(CATransform3DMakeRotation(.pi / 3, 0, 1, 0))
        #expect(near(r?.eulerAngles.y ?? 0, .pi / 3, 1e-12))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        #expect(near(DecomposedTransform(p)?.perspective.z ?? 0, -1.0 / 500, 1e-15))
    }

    @Test func eulerAnglesMakeTheProductOfTheAxisRotations() {
        var random = SplitMix(state: 7)
        for _ in 0..<200 {
            let (x, y, z) = (random.next(-7...7), random.next(-7...7), random.next(-7...7))
            var d = DecomposedTransform()
            d.setEulerAngles(x: x, y: y, z: z)
            let expected = CATransform3DMakeRotation(x, 1, 0, 0).concatenating(CATransform3DMakeRotation(y, 0, 1, 0))
                .concatenating(CATransform3DMakeRotation(z, 0, 0, 1))
            let m = d.recomposed()
            for (a, b) in zip(m.elements, expected.elements) { #expect(near(Double(a), Double(b), 1e-12)) }
            // And reading them back gives the same rotation.
            let e = d.eulerAngles
            var back = DecomposedTransform()
            back.setEulerAngles(x: e.x, y: e.y, z: e.z)
            for (a, b) in zip(back.recomposed().elements, m.elements) { #expect(near(Double(a), Double(b), 1e-9)) }
        }
    }

    @Test func singularMatricesSwitchAtTheMidpoint() {
        let a = CATransform3DMakeScale(0, 1, 1)  // cannot be decomposed
        let b = CATransform3DMakeTranslation(10, 0, 0)
        #expect(DecomposedTransform(a) == nil)
        #expect(TransformInterpolator.interpolate(a, b, 0.49) == a)
        #expect(TransformInterpolator.interpolate(a, b, 0.5) == b)
        var flat = CATransform3DIdentity
        flat.m44 = 0
        #expect(DecomposedTransform(flat) == nil)
    }

    @Test func rotationsInterpolateAlongTheShortArc() {
        let a = CATransform3DIdentity
        let b = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        let mid = TransformInterpolator.interpolate(a, b, 0.5)
        #expect(near(mid, CATransform3DMakeRotation(.pi / 4, 0, 1, 0), 1e-12))
        // 270° the long way round equals −90°: halfway is −45°.
        let c = CATransform3DMakeRotation(1.5 * .pi, 0, 0, 1)
        #expect(near(TransformInterpolator.interpolate(a, c, 0.5), CATransform3DMakeRotation(-.pi / 4, 0, 0, 1), 1e-12))
        // Translation, scale and rotation together.
        let from = CATransform3DTranslate(CATransform3DMakeScale(1, 1, 1), 0, 0, 0)
        let to = CATransform3DRotate(
            CATransform3DScale(CATransform3DMakeTranslation(100, 50, 0), 3, 3, 1), .pi / 2, 0, 0, 1)
        let halfway = TransformInterpolator.interpolate(from, to, 0.5)
        let expected = CATransform3DRotate(
            CATransform3DScale(CATransform3DMakeTranslation(50, 25, 0), 2, 2, 1), .pi / 4, 0, 0, 1)
        #expect(near(halfway, expected, 1e-9))
    }

    @Test func perspectiveInterpolatesLinearly() {
        var a = CATransform3DIdentity
        a.m34 = -1.0 / 500
        var b = CATransform3DIdentity
        b.m34 = -1.0 / 250
        let mid = TransformInterpolator.interpolate(a, b, 0.5)
        #expect(near(mid.m34, (-1.0 / 500 - 1.0 / 250) / 2, 1e-15))
    }

    @Test func coloursInterpolatePerComponent() {
        let a = CGColor(srgbRed: 0, green: 0, blue: 0, alpha: 0)
        let b = CGColor(srgbRed: 1, green: 0.5, blue: 0.2, alpha: 1)
        let mid = AnimValue.interpolate(.color(a), .color(b), 0.5).colorValue!!
        #expect(mid.components == [0.5, 0.25, 0.1, 0.5])
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anim = CABasicAnimation(keyPath: "backgroundColor")
        anim.fromValue = a; anim.toValue = b; anim.duration = 1
        layer.add(anim, forKey: "c")
        #expect(stage.sample(layer, at: 0.25).backgroundColor?.components == [0.25, 0.125, 0.05, 0.25])
    }

    @Test func geometryValuesAndSubKeyPaths() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let anims: [(String, Any, Any)] = [
            (
                "bounds", NSValue(cgRect: CGRect(x: 0, y: 0, width: 10, height: 20)),
                CGRect(x: 10, y: 10, width: 30, height: 40)
            ),
            ("anchorPoint", CGPoint(x: 0, y: 0), NSValue(cgPoint: CGPoint(x: 1, y: 1))),
            ("shadowOffset.height", 0, 10),
            ("bounds.size.width", 10, 50),
        ]
        for (i, (keyPath, from, to)) in anims.enumerated() {
            let anim = CABasicAnimation(keyPath: keyPath)
            anim.fromValue = from; anim.toValue = to; anim.duration = 1
            layer.add(anim, forKey: "a\(i)")
        }
        let p = stage.sample(layer, at: 0.5)
        #expect(p.bounds == CGRect(x: 5, y: 5, width: 30, height: 30))  // width from the later bounds.size.width
        #expect(p.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(p.shadowOffset == CGSize(width: 0, height: 5))
    }

    @Test func transformComponentKeyPathsKeepTheOtherComponents() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        CATransaction.commit()
        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0; spin.toValue = Double.pi; spin.duration = 1
        layer.add(spin, forKey: "spin")
        let p = stage.sample(layer, at: 0.5)
        #expect(near(p.transform, CATransform3DScale(CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 2, 2, 1), 1e-9))
        // transform.scale sets all three; translation is a size.
        layer.removeAllAnimations()
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1; grow.toValue = 3; grow.duration = 1
        layer.add(grow, forKey: "grow")
        let move = CABasicAnimation(keyPath: "transform.translation")
        move.fromValue = NSValue(cgSize: .zero); move.toValue = NSValue(cgSize: CGSize(width: 10, height: 20));
        move.duration = 1
        layer.add(move, forKey: "move")
        let q = stage.sample(layer, at: 1)  // both added at 0.5
        #expect(near(q.transform, CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 2.5, 5, 0), 1e-9))
        #expect(near((q.value(forKeyPath: "transform.scale.x") as? NSNumber)?.doubleValue ?? 0, 2, 1e-12))
        #expect((q.value(forKeyPath: "transform.translation") as? NSValue)?.cgSizeValue == CGSize(width: 5, height: 10))
    }

    @Test func shapePathsWithTheSameElementsInterpolate() {
        let stage = Stage()
        let shape = stage.show(CAShapeLayer())
        let a = CGPath(elements: [
            .moveTo(CGPoint(x: 0, y: 0)), .lineTo(CGPoint(x: 10, y: 0)),
            .curveTo(control1: CGPoint(x: 10, y: 10), control2: CGPoint(x: 0, y: 10), to: CGPoint(x: 0, y: 0)),
            .closeSubpath,
        ])
        let b = CGPath(elements: [
            .moveTo(CGPoint(x: 10, y: 10)), .lineTo(CGPoint(x: 30, y: 10)),
            .curveTo(control1: CGPoint(x: 30, y: 30), control2: CGPoint(x: 10, y: 30), to: CGPoint(x: 10, y: 10)),
            .closeSubpath,
        ])
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shape.path = a
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        shape.path = b  // implicit: paths animate
        CATransaction.commit()
        let mid = stage.sample(shape, at: 0.5).path
        #expect(
            mid?.elements == [
                .moveTo(CGPoint(x: 5, y: 5)), .lineTo(CGPoint(x: 20, y: 5)),
                .curveTo(control1: CGPoint(x: 20, y: 20), control2: CGPoint(x: 5, y: 20), to: CGPoint(x: 5, y: 5)),
                .closeSubpath,
            ])
        // Different structures switch at the midpoint.
        let c = CGPath(elements: [.moveTo(.zero), .lineTo(CGPoint(x: 1, y: 1))])
        #expect(AnimValue.interpolate(.path(a), .path(c), 0.4).pathValue! === a)
        #expect(AnimValue.interpolate(.path(a), .path(c), 0.6).pathValue! === c)
    }

    @Test func gradientAndShapeProperties() {
        let stage = Stage()
        let gradient = stage.show(CAGradientLayer())
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1),
            blue = CGColor(srgbRed: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gradient.colors = [red, blue]
        gradient.locations = [0, 1]
        CATransaction.commit()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        gradient.colors = [blue, red]
        gradient.locations = [0.5, 1]
        gradient.endPoint = CGPoint(x: 1, y: 1)
        CATransaction.commit()
        let p = stage.sample(gradient, at: 0.5)
        #expect(p.cgColors.map { $0.components! } == [[0.5, 0, 0.5, 1], [0.5, 0, 0.5, 1]])
        #expect(p.locations?.map(\.doubleValue) == [0.25, 1])
        #expect(p.endPoint == CGPoint(x: 0.75, y: 1))

        let shape = stage.show(CAShapeLayer())
        let anim = CABasicAnimation(keyPath: "strokeEnd")
        anim.fromValue = 0; anim.toValue = 1; anim.duration = 1
        shape.add(anim, forKey: "draw")
        let text = stage.show(CATextLayer())
        let grow = CABasicAnimation(keyPath: "fontSize")
        grow.fromValue = 10; grow.toValue = 20; grow.duration = 1
        text.add(grow, forKey: "grow")
        stage.tick(1)  // both began at 0.5
        #expect(shape.presentation()?.strokeEnd == 0.5)
        #expect(text.presentation()?.fontSize == 15)
    }

    @Test func nsValueBoxes() {
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 1, 0, 0)
        #expect(NSValue(caTransform3D: t).caTransform3DValue == t)
        #expect(NSValue(caTransform3D: t) == NSValue(caTransform3D: t))
        #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        #expect(NSValue(cgSize: CGSize(width: 1, height: 2)).cgSizeValue == CGSize(width: 1, height: 2))
        #expect(
            NSValue(cgRect: CGRect(x: 1, y: 2, width: 3, height: 4)).cgRectValue
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        let affine = CGAffineTransform(rotationAngle: 0.3)
        #expect(NSValue(cgAffineTransform: affine).cgAffineTransformValue == affine)
        #expect(NSValue(cgPoint: .zero).caTransform3DValue == CATransform3DIdentity)
        #expect(
            AnimValue.transform(from: NSValue(cgAffineTransform: affine)) == CATransform3DMakeAffineTransform(affine))
    }
}

/// A Bool property's keyframe values, as CA code boxes them: Swift Bools and
/// NSNumbers (any number but zero is true), nothing else.
@Suite struct BoolValueTests {
    @Test func boolsAndNumbersReadAsBools() {
        #expect(AnimValue.bool(from: true) == true)
        #expect(AnimValue.bool(from: false) == false)
        #expect(AnimValue.bool(from: NSNumber(value: true)) == true)
        #expect(AnimValue.bool(from: NSNumber(value: false)) == false)
        #expect(AnimValue.bool(from: NSNumber(value: 2.5)) == true)
        #expect(AnimValue.bool(from: NSNumber(value: 0.0)) == false)
        #expect(AnimValue.bool(from: 3) == true)
        #expect(AnimValue.bool(from: Float(0)) == false)
        #expect(AnimValue.bool(from: "yes") == nil)
        #expect(AnimValue.bool(from: nil) == nil)
    }
}
