import Foundation
import Testing

@testable import Strata

/// A gauge as iOS code writes a custom animatable property, with the one
/// port `@NSManaged` → `@Managed`: the property is stored through KVC, it
/// redraws when it changes (`needsDisplay(forKey:)`), its own action animates
/// it from the value on screen, and `draw(in:)` fills the bounds' left
/// `progress` part blue.
final class GaugeLayer: CALayer {
    @Managed var progress: CGFloat
    /// Counts `action(forKey:)` calls for "progress" (the model's only: copies run no actions).
    nonisolated(unsafe) static var progressActionCalls = 0

    override init() { super.init() }

    override init(layer: Any) {
        super.init(layer: layer)
        if let gauge = layer as? GaugeLayer { progress = gauge.progress }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        GaugeLayer.progressActionCalls += 1
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        animation.duration = 1
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        return animation
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

/// Keys of every kind a custom property can have, and a default for one.
final class KnobLayer: CALayer {
    @Managed var level: Double
    @Managed var handle: CGPoint
    @Managed var tint: CGColor?
    @Managed var twist: CATransform3D
    @Managed var isLit: Bool
    @Managed("detent") var detentValue: Int
    @Managed var gain: Float = 0.5

    override class func defaultValue(forKey key: String) -> Any? {
        key == "level" ? 7.0 : super.defaultValue(forKey: key)
    }
}

@Suite struct CustomPropertyIdiomTests {
    @Test func managedPropertiesAreStoredThroughKeyValueCoding() {
        let knob = KnobLayer()
        // Unset: the class's default, the initial value, else zero.
        #expect(knob.level == 7 && knob.gain == 0.5)
        #expect(knob.handle == .zero && knob.tint == nil && CATransform3DIsIdentity(knob.twist) && !knob.isLit)
        knob.handle = CGPoint(x: 3, y: 4)
        knob.tint = .white
        knob.isLit = true
        knob.detentValue = 3
        #expect((knob.value(forKey: "handle") as? CGPoint) == CGPoint(x: 3, y: 4))
        #expect(knob.value(forKey: "detent") as? Int == 3)
        #expect(knob.tint == .white && knob.isLit && knob.detentValue == 3)
        // Values set through KVC in another form read as the property's type.
        knob.setValue(NSNumber(value: 2.5), forKey: "level")
        knob.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 2)), forKey: "handle")
        #expect(knob.level == 2.5 && knob.handle == CGPoint(x: 1, y: 2))
        knob.tint = nil
        #expect(knob.value(forKey: "tint") == nil && knob.tint == nil)
        #expect(ManagedValue.propertyName(ofStorage: "\\KnobLayer._handle") == "handle")
        #expect(ManagedValue.propertyName(ofStorage: "\\KnobLayer.<computed 0x1 (CGFloat)>") == nil)
    }

    @Test func settingTheModelValueMarksTheLayerForDisplay() throws {
        let stage = Stage()
        let gauge = GaugeLayer()
        gauge.bounds = CGRect(x: 0, y: 0, width: 100, height: 4)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gauge.progress = 0.5
        CATransaction.commit()
        #expect(gauge.needsDisplay())
        stage.show(gauge)
        let image = try #require(gauge.contents as? CGImage)
        #expect(imagePixel(image, 45, 1) == [0, 0, 255, 255] && imagePixel(image, 55, 1)[3] == 0)
    }

    @Test func anExplicitAnimationOfACustomKeyAnimatesThePresentation() throws {
        let stage = Stage()
        // A plain CALayer: the key is stored with setValue(_:forKey:).
        let layer = stage.show(CALayer())
        layer.setValue(CGFloat(0.2), forKey: "progress")
        let animation = CABasicAnimation(keyPath: "progress")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        layer.add(animation, forKey: "p")
        stage.tick(0)
        let shown = stage.sample(layer, at: 0.25)
        // The presentation's value is the interpolated one, in the stored value's type.
        #expect(near(try #require(shown.value(forKey: "progress") as? CGFloat), 0.25, 1e-9))
        #expect(layer.value(forKey: "progress") as? CGFloat == 0.2)
        let tree = stage.tick(0.5)
        #expect(near(try #require(tree.sublayers?.last?.value(forKey: "progress") as? CGFloat), 0.5, 1e-9))
        // Over, and removed: the model's value again.
        #expect(stage.sample(layer, at: 2).value(forKey: "progress") as? CGFloat == 0.2)
    }

    @Test func customKeysOfEveryKindInterpolate() throws {
        let stage = Stage()
        let knob = stage.show(KnobLayer())
        func animate(_ key: String, _ from: Any, _ to: Any) {
            let a = CABasicAnimation(keyPath: key)
            a.fromValue = from
            a.toValue = to
            a.duration = 1
            knob.add(a, forKey: key)
        }
        animate("handle", CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 20))
        animate("tint", CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        animate("twist", CATransform3DIdentity, CATransform3DMakeTranslation(40, 0, 0))
        animate("level", 0, 4)
        animate("isLit", false, true)
        // A keyframe animation of a key with nothing stored: its values tell the kind.
        let keyframes = CAKeyframeAnimation(keyPath: "sweep")
        keyframes.values = [NSValue(cgSize: .zero), NSValue(cgSize: CGSize(width: 8, height: 4))]
        keyframes.duration = 1
        knob.add(keyframes, forKey: "sweep")
        stage.tick(0)
        let shown = stage.sample(knob, at: 0.25)
        #expect(near(shown.handle, CGPoint(x: 2.5, y: 5), 1e-9))
        #expect(near(Double(try #require(shown.tint?.components?[0])), 0.25, 1e-6))
        #expect(near(shown.twist.m41, 10, 1e-6))
        #expect(near(shown.level, 1, 1e-9))
        #expect(!shown.isLit)  // a Bool does not interpolate: it switches half-way
        #expect((shown.value(forKey: "sweep") as? NSValue)?.sizeValue == CGSize(width: 2, height: 1))
        // A field of a custom point by key path.
        #expect((shown.value(forKeyPath: "handle.y") as? NSNumber)?.doubleValue == 5)
        #expect(stage.sample(knob, at: 0.75).isLit == true)
    }

    @Test func theSubclassesOwnActionAnimatesFromTheValueOnScreen() throws {
        let stage = Stage()
        let gauge = stage.show(GaugeLayer())
        gauge.bounds = CGRect(x: 0, y: 0, width: 100, height: 4)
        stage.tick(0)
        let calls = GaugeLayer.progressActionCalls
        gauge.progress = 1
        #expect(GaugeLayer.progressActionCalls == calls + 1)
        #expect(gauge.animation(forKey: "progress") != nil)
        stage.tick(0)
        #expect(near(try #require(stage.sample(gauge, at: 0.5).presentation()).progress, 0.5, 1e-9))
        // Changed again mid-flight: from where it is on screen, not from 0.
        gauge.progress = 0
        stage.tick(0.5)
        #expect(near(stage.sample(gauge, at: 1.0).progress, 0.25, 1e-9))
        // Making presentation copies (your init(layer:) sets progress) asked for no action.
        #expect(GaugeLayer.progressActionCalls == calls + 2)
    }

    @Test func anAnimatedCustomKeyRedrawsThePresentationEveryFrame() throws {
        let stage = Stage()
        let gauge = GaugeLayer()
        gauge.bounds = CGRect(x: 0, y: 0, width: 100, height: 4)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        gauge.progress = 0.1
        CATransaction.commit()
        stage.show(gauge)
        let modelImage = try #require(gauge.contents as? CGImage)
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0.2
        fill.toValue = 1
        fill.duration = 1
        gauge.add(fill, forKey: "fill")
        stage.tick(0)
        func drawnWidth(at time: CFTimeInterval) throws -> Int {
            let copy = try #require(stage.tick(time).sublayers?.last as? GaugeLayer)
            let image = try #require(copy.contents as? CGImage)
            return (0..<100).filter { imagePixel(image, $0, 2) == [0, 0, 255, 255] }.count
        }
        // 0.2 + 0.8 t of 100 pixels.
        #expect(try drawnWidth(at: 0.25) == 40)
        #expect(try drawnWidth(at: 0.5) == 60)
        #expect(try drawnWidth(at: 0.75) == 80)
        // The model keeps its own drawing, made at its value.
        #expect(gauge.contents as? CGImage === modelImage)
        #expect((0..<100).filter { imagePixel(modelImage, $0, 2)[3] == 255 }.count == 10)
        // Over: the model's drawing is shown again.
        #expect(stage.tick(2).sublayers?.last?.contents as? CGImage === modelImage)
    }

    @Test func aFilledAnimationThatHasEndedIsNotRedrawnEveryFrame() throws {
        let stage = Stage()
        let gauge = GaugeLayer()
        gauge.bounds = CGRect(x: 0, y: 0, width: 100, height: 4)
        stage.show(gauge)
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 0.5
        fill.duration = 1
        fill.fillMode = .forwards
        fill.isRemovedOnCompletion = false
        gauge.add(fill, forKey: "fill")
        stage.tick(0)
        func shown(at time: CFTimeInterval) throws -> CGImage {
            try #require(stage.tick(time).sublayers?.last?.contents as? CGImage)
        }
        let moving = try shown(at: 0.5)
        let ended = try shown(at: 2)
        #expect(moving !== ended)
        // The same values as the last drawing: the copy shows it again.
        #expect(try shown(at: 3) === ended)
        #expect((0..<100).filter { imagePixel(ended, $0, 2)[3] == 255 }.count == 50)
        // Asked to redisplay, the model's next copy draws anew.
        gauge.setNeedsDisplay()
        #expect(try shown(at: 4) !== ended)
    }

    @Test func customKeysHaveNoImplicitAnimation() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.setValue(0.0, forKey: "progress")
        stage.tick(0.1)
        // No action anywhere: the value jumps, as on Apple (defaultAction is nil for unknown keys).
        #expect(CALayer.defaultAction(forKey: "progress") == nil)
        #expect(layer.action(forKey: "progress") == nil)
        layer.setValue(1.0, forKey: "progress")
        #expect(layer.animationKeys() == nil)
        #expect(stage.sample(layer, at: 0.2).value(forKey: "progress") as? Double == 1)
        // An action in `actions` with no values runs from the value shown before to the new one.
        let action = CABasicAnimation()
        action.duration = 1
        layer.actions = ["progress": action]
        stage.tick(1)
        layer.setValue(3.0, forKey: "progress")
        #expect(layer.animation(forKey: "progress") != nil)
        stage.tick(1)
        #expect(near(stage.sample(layer, at: 1.5).value(forKey: "progress") as? Double ?? -1, 2, 1e-9))
        // Disabled actions: no animation.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(5.0, forKey: "progress")
        CATransaction.commit()
        #expect(layer.animationKeys() == ["progress"])  // the earlier one, still running
        #expect(stage.sample(layer, at: 3).value(forKey: "progress") as? Double == 5)
    }
}
