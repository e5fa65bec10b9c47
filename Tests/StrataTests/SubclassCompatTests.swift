import Foundation
import Testing
import Strata

// Layer subclasses written the way iOS code writes them must compile unchanged.

/// A custom-property layer: overrides `init(layer:)` and `init?(coder:)`, as on iOS.
final class ProgressLayer: CALayer {
    var progress: CGFloat = 0
    override init() { super.init() }
    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? ProgressLayer { progress = other.progress }
    }
    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A layer with its own designated initializer and the usual unimplemented `init?(coder:)`.
final class TaggedShapeLayer: CAShapeLayer {
    let tag: Int
    init(tag: Int) {
        self.tag = tag
        super.init()
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

    @Test func aSubclassOfYourOwnIsDrawnAsItsStrataClass() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let shape = TaggedShapeLayer(tag: 1)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        shape.fillColor = .white
        root.addSublayer(shape)
        let tree = FrameTicker(rootLayer: root).tick(at: 0)
        // The renderer sees a CAShapeLayer with every Core Animation property.
        let drawn = tree.sublayers?.first
        #expect(drawn is CAShapeLayer && !(drawn is TaggedShapeLayer))
        #expect((drawn as? CAShapeLayer)?.path == shape.path)
        // Swift cannot make a TaggedShapeLayer generically, so its presentation() is nil.
        #expect(shape.presentation() == nil)
        #expect(root.presentation() != nil)
    }
}
