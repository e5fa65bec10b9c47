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

/// A layer with its own designated initializer and no `init(layer:)`, as iOS
/// code writes most layer subclasses: it compiles unchanged (nothing is
/// required of it), and on iOS it crashes only once its presentation layer
/// is made. Here that copy is of its nearest Strata class.
final class TaggedShapeLayer: CAShapeLayer {
    let tag: Int
    init(tag: Int) {
        self.tag = tag
        super.init()
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// Its own designated initializer, and its own `init(layer:)`.
class BadgeLayer: CALayer {
    let badge: String
    init(badge: String) {
        self.badge = badge
        super.init()
    }
    override init(layer: Any) {
        badge = (layer as? BadgeLayer)?.badge ?? ""
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// An `init(frame:)` as UIView-minded code writes layers, overriding `init()`
/// too and not `init(layer:)`.
final class FramedLayer: CALayer {
    var highlighted = false
    init(frame: CGRect) {
        super.init()
        self.frame = frame
        backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    }
    override init() { super.init() }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// An `init(frame:)` and an `init(layer:)` copying a property of its own.
final class FramedProgressLayer: CALayer {
    var progress: CGFloat = 0
    private(set) var madeByLayerInitializer = false
    init(frame: CGRect, progress: CGFloat) {
        self.progress = progress
        super.init()
        self.frame = frame
    }
    override init(layer: Any) {
        super.init(layer: layer)
        progress = (layer as? FramedProgressLayer)?.progress ?? 0
        madeByLayerInitializer = true
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
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

/// A round button's layer as iOS code writes one: its own hit area, a path
/// kept in step with its frame, and logging of what is added to it.
final class RoundButtonLayer: CAShapeLayer {
    private(set) var added: [String] = []
    private(set) var framesSet = 0
    override var frame: CGRect {
        didSet {
            framesSet += 1
            path = CGPath(ellipseIn: bounds, transform: nil)
        }
    }
    override func contains(_ p: CGPoint) -> Bool {
        let r = min(bounds.width, bounds.height) / 2
        return hypot(p.x - bounds.midX, p.y - bounds.midY) <= r
    }
    override func add(_ anim: CAAnimation, forKey key: String?) {
        added.append(key ?? "?")
        super.add(anim, forKey: key)
    }
    override func addSublayer(_ layer: CALayer) {
        layer.name = layer.name ?? "badge"
        super.addSublayer(layer)
    }
    override func hitTest(_ p: CGPoint) -> CALayer? {
        let hit = super.hitTest(p)
        return hit === self ? self : hit
    }
    override func removeAllAnimations() {
        added.removeAll()
        super.removeAllAnimations()
    }
    override func layoutIfNeeded() { super.layoutIfNeeded() }
    override func setNeedsLayout() { super.setNeedsLayout() }
    override var sublayers: [CALayer]? {
        get { super.sublayers }
        set { super.sublayers = newValue }
    }
    override func render(in ctx: CGContext) { super.render(in: ctx) }
    override func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { super.convert(p, from: l) }
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

    @Test func animatedSubclassesAreCopiedAsThemselvesEveryFrame() throws {
        let stage = Stage()
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
        #expect(CALayer.isStrataClass(CAScrollLayer.self) && CALayer.isStrataClass(CATiledLayer.self))
        #expect(!CALayer.copiesAsOwnClass(CAScrollLayer.self) && !CALayer.copiesAsOwnClass(CATiledLayer.self))
        #expect(!CALayer.isStrataClass(ProgressLayer.self) && !CALayer.isStrataClass(Cube.self))
    }

    @Test func subclassesWithoutLayerInitializerAreCopiedAsTheirStrataClassWhenAnimated() throws {
        let stage = Stage()
        let tagged = stage.show(TaggedShapeLayer(tag: 3))
        tagged.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        tagged.setValue(0.7, forKey: "level")
        let framed = stage.show(FramedLayer(frame: CGRect(x: 5, y: 6, width: 20, height: 10)))
        for layer in [tagged, framed] as [CALayer] {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 0
            fade.toValue = 1
            fade.duration = 1
            layer.add(fade, forKey: "fade")
        }
        // Twice: the first frame finds out the class has no init(layer:), the second remembers it.
        for time in [0.25, 0.5] {
            let tree = stage.tick(time)
            let drawnShape = try #require(tree.sublayers?.first as? CAShapeLayer)
            #expect(type(of: drawnShape) == CAShapeLayer.self)
            #expect(drawnShape.path == tagged.path && near(Double(drawnShape.opacity), time, 1e-6))
            #expect((drawnShape.value(forKey: "level") as? Double) == 0.7)
            let drawnFramed = try #require(tree.sublayers?.last)
            #expect(type(of: drawnFramed) == CALayer.self)
            #expect(drawnFramed.frame == CGRect(x: 5, y: 6, width: 20, height: 10))
            #expect(drawnFramed.backgroundColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        }
        // iOS crashes here; the copy of a class that cannot be made is no copy of Self.
        #expect(tagged.presentation() == nil && framed.presentation() == nil)
        #expect(CALayer.isStrataClass(CALayer.self) && !CALayer.copiesAsOwnClass(TaggedShapeLayer.self))
        #expect(!CALayer.copiesAsOwnClass(FramedLayer.self))
    }

    @Test(arguments: [false, true])
    func ownInitializerAndLayerInitializerMakePresentationCopies(animated: Bool) throws {
        let stage = Stage()
        let layer = stage.show(FramedProgressLayer(frame: CGRect(x: 0, y: 0, width: 8, height: 8), progress: 0.4))
        let badge = stage.show(BadgeLayer(badge: "hot"))
        if animated {
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 0
            move.toValue = 100
            move.duration = 1
            layer.add(move, forKey: "move")
            badge.add(move, forKey: "move")
        }
        let tree = stage.tick(0.5)
        let shown = try #require(layer.presentation())
        #expect(type(of: shown) == FramedProgressLayer.self)
        #expect(shown.madeByLayerInitializer && !layer.madeByLayerInitializer)
        #expect(shown.progress == 0.4 && shown.model() === layer)
        #expect(shown.position.x == (animated ? 50 : 4))
        let shownBadge = try #require(badge.presentation())
        #expect(shownBadge.badge == "hot" && type(of: shownBadge) == BadgeLayer.self)
        // The renderer's tree holds your class while animated, and Strata's otherwise.
        let drawn = try #require(tree.sublayers?.first)
        #expect((drawn is FramedProgressLayer) == animated)
        #expect(CALayer.copiesAsOwnClass(FramedProgressLayer.self) && CALayer.copiesAsOwnClass(BadgeLayer.self))
    }

    @Test func membersCoreAnimationLetsYouOverrideAreOverridable() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let button = RoundButtonLayer()
        button.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(button)
        #expect(button.framesSet == 1 && button.path?.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 100))
        // Hit testing asks the layer's own contains(_:): a corner of the frame is outside the circle.
        #expect(root.hitTest(CGPoint(x: 100, y: 100)) === button)
        #expect(root.hitTest(CGPoint(x: 53, y: 53)) === root)
        button.addSublayer(CALayer())
        #expect(button.sublayers?.first?.name == "badge")
        let pulse = CABasicAnimation(keyPath: "opacity")
        button.add(pulse, forKey: "pulse")
        #expect(button.added == ["pulse"] && button.animation(forKey: "pulse") != nil)
        button.removeAllAnimations()
        #expect(button.added.isEmpty && button.animationKeys() == nil)
    }
}
