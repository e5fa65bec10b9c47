import Foundation
import Strata
import Testing

/// Everyday iOS Core Animation code, written as it appears in apps, compiled
/// against `import Strata`.
@Suite struct APICompatTests {
    @Test func everydayIdiomsCompileAndBehave() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let ticker = FrameTicker(rootLayer: root)

        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 100, height: 60)
        card.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 8))
        card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.borderColor = CGColor(gray: 0, alpha: 0.5)
        card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        card.cornerCurve = .continuous
        card.contentsGravity = .resizeAspectFill
        card.minificationFilter = .trilinear
        root.addSublayer(card)
        root.sublayers?.forEach { $0.isHidden = false }
        ticker.tick(at: 0)

        // Disable actions the old way, through the transaction's dictionary.
        CATransaction.begin()
        CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
        card.opacity = 0.5
        CATransaction.commit()
        #expect(card.animationKeys() == nil)

        // An explicit animation that stays.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.3
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        card.add(fade, forKey: "fade")

        // Keyframes along a path, a spring, a group.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 20, y: 20))
        path.addQuadCurve(to: CGPoint(x: 200, y: 200), control: CGPoint(x: 200, y: 20))
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = path
        move.calculationMode = .paced
        move.rotationMode = .rotateAuto
        let spring = CASpringAnimation(keyPath: "transform.scale")
        spring.fromValue = 0.8
        spring.toValue = 1
        spring.damping = 10
        spring.initialVelocity = 2
        spring.duration = spring.settlingDuration
        let group = CAAnimationGroup()
        group.animations = [move, spring]
        group.duration = 1
        card.add(group, forKey: "group")
        #expect(card.animation(forKey: "group") != nil)

        // Pause and resume a layer's animations.
        let paused = card.convertTime(CACurrentMediaTime(), from: nil)
        card.speed = 0
        card.timeOffset = paused
        card.speed = 1
        card.timeOffset = 0
        card.beginTime = 0
        card.beginTime = card.convertTime(CACurrentMediaTime(), from: nil) - paused
        card.removeAnimation(forKey: "fade")
        card.removeAllAnimations()

        // Gradient, shape and text layers.
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(red: 0, green: 0, blue: 1, alpha: 1), CGColor(red: 1, green: 0, blue: 1, alpha: 1)]
        gradient.locations = [0, 0.7]
        gradient.startPoint = CGPoint(x: 0, y: 0)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        gradient.type = .radial
        let ring = CAShapeLayer()
        ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(gray: 1, alpha: 1)
        ring.lineWidth = 4
        ring.lineCap = .round
        ring.lineJoin = .round
        ring.lineDashPattern = [4, 2]
        ring.strokeEnd = 0.75
        ring.fillRule = .evenOdd
        let label = CATextLayer()
        label.string = "Hello"
        label.fontSize = 17
        label.font = "Helvetica-Bold"
        label.alignmentMode = .center
        label.truncationMode = .end
        label.isWrapped = true
        label.contentsScale = 2
        card.mask = ring
        root.insertSublayer(gradient, at: 0)
        root.insertSublayer(label, above: card)

        // Transforms and conversions.
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        card.transform = CATransform3DConcat(t, CATransform3DMakeScale(0.9, 0.9, 1))
        card.sublayerTransform = CATransform3DMakeTranslation(0, 0, 10)
        _ = NSValue(caTransform3D: t).caTransform3DValue
        _ = card.convert(CGPoint(x: 10, y: 10), to: root)
        _ = root.hitTest(CGPoint(x: 60, y: 50))
        #expect(CATransform3DIsIdentity(CATransform3DInvert(CATransform3DIdentity)))
        #expect(root.sublayers?.first === gradient)
    }
}
