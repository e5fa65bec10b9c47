import Foundation
import Testing
@testable import Strata

// Layer subclasses written the way iOS code writes them must compile, and
// their presentation copies are of their own class, made by their
// `init(layer:)`, as in Core Animation.

/// A custom-property layer: overrides `init()`, `init(layer:)` and `init?(coder:)`, as on iOS (compiles unchanged).
final class ProgressLayer: CALayer {
    var progress: CGFloat = 0
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer { progress = other.progress }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A layer with its own designated initializer and no `init(layer:)`: on iOS
/// it crashes once animated. Here it costs the one fix-it Swift offers (the
/// trapping initializer below), which Strata calls only where Core Animation
/// would call `init(layer:)`.
final class TaggedShapeLayer: CAShapeLayer {
    let tag: Int
    init(tag: Int) {
        self.tag = tag
        super.init()
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    required init(presentationCopyOf layer: CALayer) { fatalError("init(presentationCopyOf:) has not been implemented") }
}

/// The same, with the fix-it filled in rather than trapping.
class BadgeLayer: CALayer {
    let badge: String
    init(badge: String) {
        self.badge = badge
        super.init()
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    required init(presentationCopyOf layer: CALayer) {
        badge = (layer as? BadgeLayer)?.badge ?? ""
        super.init(layer: layer)
    }
}

/// A subclass of a subclass, declaring nothing: it inherits every initializer.
final class FancyBadgeLayer: BadgeLayer {}

/// A `Cube: CATransformLayer` as iOS code writes it.
final class Cube: CATransformLayer {
    var side: CGFloat = 100
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        side = (layer as? Cube)?.side ?? 100
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

@Suite struct SubclassCompatTests {
    @Test func iOSStyleSubclassesCompileAndCopy() {
        let p = ProgressLayer()
        p.progress = 0.5
        p.opacity = 0.25
        let copy = ProgressLayer(layer: p)
        #expect(copy.progress == 0.5 && copy.opacity == 0.25)
        let shape = TaggedShapeLayer(tag: 7)
        shape.lineWidth = 3
        #expect(shape.tag == 7 && CAShapeLayer(layer: shape).lineWidth == 3)
    }

    @Test func presentationIsOfYourClassMadeByYourInitializer() throws {
        let stage = Stage()
        let progress = stage.show(ProgressLayer())
        progress.progress = 0.75
        progress.opacity = 0.5
        let cube = stage.show(Cube())
        cube.side = 42
        let badge = stage.show(FancyBadgeLayer(badge: "new"))
        stage.tick(1)
        let shown = try #require(progress.presentation())
        #expect(type(of: shown) == ProgressLayer.self)
        #expect(shown.progress == 0.75 && shown.opacity == 0.5)
        #expect(shown.model() === progress)
        #expect(try #require(cube.presentation()).side == 42)
        let shownBadge = try #require(badge.presentation())
        #expect(type(of: shownBadge) == FancyBadgeLayer.self && shownBadge.badge == "new")
        // A presentation layer is its own presentation, and of its class.
        #expect(shown.presentation() === shown)
        // Asked again after a change of your own property, it copies again.
        progress.progress = 0.25
        #expect(progress.presentation()?.progress == 0.25)
    }

    @Test func unanimatedSubclassesAreDrawnWithoutTheirInitializer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let shape = TaggedShapeLayer(tag: 1)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = .white
        root.addSublayer(shape)
        let ticker = FrameTicker(rootLayer: root)
        // Its trapping initializer is not called: frame ticks copy an
        // unanimated layer as its nearest Strata class (all that is drawn).
        let tree = ticker.tick(at: 0)
        let drawn = tree.sublayers?.first
        #expect(drawn is CAShapeLayer && !(drawn is TaggedShapeLayer))
        #expect((drawn as? CAShapeLayer)?.path == shape.path)
        shape.opacity = 0.5
        #expect(ticker.tick(at: 1).sublayers?.first?.opacity == 0.5)
    }

    @Test(arguments: [false, true])
    func animatedSubclassesAreCopiedAsThemselvesEveryFrame(reusing: Bool) throws {
        let stage = Stage()
        stage.ticker.reusesPresentationCopies = reusing
        let layer = stage.show(ProgressLayer())
        layer.progress = 0.3
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        let first = try #require(stage.tick(0.25).sublayers?.first as? ProgressLayer)
        #expect(first.progress == 0.3 && near(Double(first.opacity), 0.25, 1e-6))
        layer.progress = 0.6
        let second = try #require(stage.tick(0.5).sublayers?.first as? ProgressLayer)
        // A fresh copy (your init(layer:) is the only one that knows your
        // properties), even where Strata's own classes are updated in place.
        #expect(second !== first)
        #expect(second.progress == 0.6 && near(Double(second.opacity), 0.5, 1e-6))
        // Once the animation is gone, frames copy it as a CALayer again.
        let after = try #require(stage.tick(2).sublayers?.first)
        #expect(type(of: after) == CALayer.self)
    }

    @Test func valuesStoredUnderKeysOfYourOwnReachTheCopies() throws {
        let stage = Stage()
        let layer = stage.show(CALayer())
        layer.setValue(0.8, forKey: "progress")
        stage.tick(1)
        let shown = try #require(layer.presentation())
        #expect((shown.value(forKey: "progress") as? Double) == 0.8)
        layer.setValue(nil, forKey: "progress")
        stage.tick(2)
        #expect(layer.presentation()?.value(forKey: "progress") == nil)
    }

    @Test func strataTellsItsOwnClassesFromYours() {
        #expect(CALayer.isStrataClass(CALayer.self) && CALayer.isStrataClass(CAReplicatorLayer.self))
        #expect(CALayer.isStrataClass(CAShapeLayer.self) && CALayer.isStrataClass(CATransformLayer.self))
        #expect(!CALayer.isStrataClass(ProgressLayer.self) && !CALayer.isStrataClass(Cube.self))
    }
}
