import Foundation
import Testing

@testable import Strata

/// Key-value coding on layers and animations, written as iOS code writes it:
/// values go in as literals of any number type and come back as NSNumber and
/// NSValue, which bridge to Swift's number and geometry types with `as?`.
@Suite struct KeyPathIdiomTests {
    // MARK: Layers: reading

    @Test func transformPartsReadBackAsNumbersOfEveryType() throws {
        let layer = CALayer()
        layer.transform = CATransform3DRotate(CATransform3DMakeScale(0.5, 0.5, 1), .pi / 4, 0, 0, 1)
        let angle = try #require(layer.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(near(angle, .pi / 4, 1e-12))
        #expect(near((layer.value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0, .pi / 4, 1e-12))
        #expect(near(layer.value(forKeyPath: "transform.rotation.z") as! Double, .pi / 4, 1e-12))
        #expect(near(layer.value(forKeyPath: "transform.rotation") as? CGFloat ?? 0, .pi / 4, 1e-12))
        // 0.5 is a Float exactly, so it bridges to Float too (as on Apple).
        #expect(layer.value(forKeyPath: "transform.scale.x") as? Float == 0.5)
        #expect(near(layer.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 0.5, 1e-12))
        let whole = try #require(layer.value(forKeyPath: "transform") as? CATransform3D)
        #expect(near(whole, layer.transform))
        #expect(
            near(
                (layer.value(forKey: "transform") as? NSValue)?.caTransform3DValue ?? CATransform3DIdentity,
                layer.transform))
    }

    @Test func structPropertiesAndTheirFieldsBridgeBack() throws {
        let layer = CALayer()
        layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        layer.shadowOffset = CGSize(width: 2, height: 4)
        #expect(layer.value(forKeyPath: "position") as? CGPoint == layer.position)
        #expect(layer.value(forKey: "bounds") as? CGRect == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(layer.value(forKeyPath: "bounds.size") as? CGSize == CGSize(width: 100, height: 50))
        #expect(layer.value(forKeyPath: "bounds.origin") as? CGPoint == .zero)
        #expect(layer.value(forKeyPath: "bounds.size.width") as? CGFloat == 100)
        #expect(layer.value(forKeyPath: "shadowOffset.height") as? CGFloat == 4)
        #expect(layer.value(forKeyPath: "anchorPoint.y") as? Double == 0.75)
        #expect(layer.value(forKeyPath: "contentsRect.size.width") as? CGFloat == 1)
        #expect((layer.value(forKey: "opacity") as? NSNumber)?.floatValue == 1)
        #expect(layer.value(forKey: "opacity") as? Float == 1)
        #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 0)
        #expect(layer.value(forKey: "masksToBounds") as? Bool == false)
        // `frame` is a property too: KVC reads and writes it.
        #expect(layer.value(forKey: "frame") as? CGRect == CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(layer.value(forKeyPath: "frame.origin.x") as? CGFloat == 10)
        #expect(layer.value(forKeyPath: "frame.size.height") as? CGFloat == 50)
    }

    // MARK: Layers: writing

    @Test func literalsOfEveryNumberTypeSetFields() {
        let layer = CALayer()
        layer.setValue(0.5, forKeyPath: "transform.scale")  // a Double literal
        #expect(near(layer.transform, CATransform3DMakeScale(0.5, 0.5, 0.5)))
        layer.setValue(2, forKeyPath: "transform.scale.x")  // an Int literal
        layer.setValue(Float(3), forKeyPath: "transform.scale.y")
        layer.setValue(CGFloat(4), forKeyPath: "transform.translation.x")
        layer.setValue(NSNumber(value: 5), forKeyPath: "transform.translation.y")
        #expect(near(layer.transform.m11, 2) && near(layer.transform.m22, 3) && near(layer.transform.m33, 0.5))
        #expect(layer.transform.m41 == 4 && layer.transform.m42 == 5)

        let turned = CALayer()
        turned.setValue(CGFloat.pi, forKeyPath: "transform.rotation.z")
        #expect(near(turned.transform, CATransform3DMakeRotation(.pi, 0, 0, 1), 1e-12))
        turned.setValue(Double.pi / 3, forKeyPath: "sublayerTransform.rotation.y")
        #expect(near(turned.sublayerTransform, CATransform3DMakeRotation(.pi / 3, 0, 1, 0), 1e-12))
        #expect(near(turned.value(forKeyPath: "sublayerTransform.rotation.y") as? CGFloat ?? 0, .pi / 3, 1e-12))

        layer.setValue(10, forKeyPath: "position.x")
        layer.setValue(12.5, forKeyPath: "position.y")
        layer.setValue(Float(80), forKeyPath: "bounds.size.width")
        layer.setValue(CGFloat(40), forKeyPath: "bounds.size.height")
        layer.setValue(-5, forKeyPath: "bounds.origin.x")
        layer.setValue(7, forKeyPath: "shadowOffset.height")
        layer.setValue(0, forKeyPath: "anchorPoint.y")
        layer.setValue(0.5, forKeyPath: "contentsRect.size.width")
        #expect(layer.position == CGPoint(x: 10, y: 12.5))
        #expect(layer.bounds == CGRect(x: -5, y: 0, width: 80, height: 40))
        #expect(layer.shadowOffset == CGSize(width: 0, height: 7))
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0))
        #expect(layer.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 1))
        // Whole values, bridged or boxed.
        layer.setValue(CGPoint(x: 1, y: 2), forKey: "position")
        #expect(layer.position == CGPoint(x: 1, y: 2))
        layer.setValue(NSValue(cgSize: CGSize(width: 3, height: 3)), forKeyPath: "shadowOffset")
        #expect(layer.shadowOffset == CGSize(width: 3, height: 3))
        layer.setValue(CATransform3DIdentity, forKey: "transform")
        #expect(CATransform3DIsIdentity(layer.transform))
        layer.setValue(0.5, forKey: "opacity")
        #expect(layer.opacity == 0.5)
        layer.setValue(true, forKey: "masksToBounds")
        #expect(layer.masksToBounds)
    }

    @Test func frameIsAKeyValueCodingKey() {
        let layer = CALayer()
        layer.setValue(NSValue(cgRect: CGRect(x: 10, y: 20, width: 30, height: 40)), forKey: "frame")
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 30, height: 40))
        #expect(layer.position == CGPoint(x: 25, y: 40))
        layer.setValue(50, forKeyPath: "frame.size.width")
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 50, height: 40))
        layer.setValue(CGRect(x: 0, y: 0, width: 8, height: 8), forKey: "frame")
        #expect(layer.bounds.size == CGSize(width: 8, height: 8))
    }

    @Test func keyPathChangesRunTheWholePropertysAction() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let seen = ActionKeyLog()
        layer.delegate = seen
        layer.setValue(0.5, forKeyPath: "transform.scale")
        layer.setValue(20, forKeyPath: "bounds.size.width")
        layer.setValue(3, forKeyPath: "shadowOffset.height")
        layer.setValue(CGFloat.pi / 2, forKeyPath: "sublayerTransform.rotation.y")
        // As on Apple: the action (and the animation it adds) is the whole property's.
        #expect(seen.keys == ["transform", "bounds", "shadowOffset", "sublayerTransform"])
        let scale = layer.animation(forKey: "transform") as? CABasicAnimation
        #expect(scale?.keyPath == "transform")
        #expect((scale?.fromValue as? NSValue).map { CATransform3DIsIdentity($0.caTransform3DValue) } == true)
        #expect(layer.animation(forKey: "bounds") is CABasicAnimation)
        #expect(layer.animation(forKey: "shadowOffset") is CABasicAnimation)
        #expect(layer.animation(forKey: "sublayerTransform") is CABasicAnimation)
        stage.tick(0)
        let f = CAMediaTimingFunction(name: .default).evaluate(0.5)
        let mid = stage.sample(layer, at: 0.125)
        #expect(near(mid.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0, 1 - 0.5 * f, 1e-6))
        #expect(near(mid.bounds.width, 20 * f, 1e-6))
        let end = stage.sample(layer, at: 0.25)
        #expect(near(end.transform, CATransform3DMakeScale(0.5, 0.5, 0.5), 1e-9))
    }

    @Test func keysOfYourOwnStillWork() {
        let layer = CALayer()
        layer.setValue("card-3", forKey: "cardID")
        #expect(layer.value(forKey: "cardID") as? String == "card-3")
        layer.setValue(4, forKey: "index")
        #expect(layer.value(forKey: "index") as? Int == 4)
        let outer = CALayer()
        outer.mask = layer
        #expect(outer.value(forKeyPath: "mask.cardID") as? String == "card-3")
        outer.setValue(0.25, forKeyPath: "mask.opacity")
        #expect(layer.opacity == 0.25)
    }

    // MARK: Animations

    final class StopLog: NSObject, CAAnimationDelegate {
        var stopped: [String] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if let id = anim.value(forKey: "id") as? String { stopped.append(id) }
        }
    }

    @Test func animationsAreTaggedAndToldApartInAnimationDidStop() {
        let stage = Stage()
        let layer = stage.show(CALayer())
        let log = StopLog()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi
        spin.duration = 1
        spin.setValue("spin", forKey: "id")
        spin.delegate = log
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        fade.duration = 2
        fade.setValue("fade", forKey: "id")
        fade.setValue(layer, forKey: "layer")
        fade.delegate = log
        #expect(spin.value(forKey: "id") as? String == "spin")
        #expect(fade.value(forKeyPath: "id") as? String == "fade")
        #expect(fade.value(forKey: "layer") as? CALayer === layer)
        layer.add(spin, forKey: "spin")
        layer.add(fade, forKey: nil)
        stage.tick(0)
        stage.tick(1)
        #expect(log.stopped == ["spin"])
        stage.tick(2)
        #expect(log.stopped == ["spin", "fade"])
    }

    @Test func animationPropertiesThroughKeyValueCoding() {
        let move = CABasicAnimation(keyPath: "position.x")
        move.setValue(2.5, forKey: "duration")
        move.setValue(NSNumber(value: 3), forKeyPath: "repeatCount")
        move.setValue(true, forKey: "autoreverses")
        move.setValue(10, forKey: "toValue")
        #expect(move.duration == 2.5 && move.repeatCount == 3 && move.autoreverses)
        #expect(move.value(forKey: "duration") as? Double == 2.5)
        #expect(move.value(forKey: "duration") as? CGFloat == 2.5)
        #expect(move.value(forKeyPath: "repeatCount") as? Float == 3)
        #expect(move.value(forKey: "keyPath") as? String == "position.x")
        #expect(move.value(forKey: "removedOnCompletion") as? Bool == true)
        // Through an animation to the layer it names, and into a group's animations.
        let group = CAAnimationGroup()
        group.animations = [move]
        group.setValue("group", forKey: "name")
        #expect(group.value(forKeyPath: "name") as? String == "group")
        #expect((group.value(forKey: "animations") as? [CAAnimation])?.first === move)
        let tagged = CABasicAnimation()
        let target = CALayer()
        target.name = "card"
        tagged.setValue(target, forKey: "target")
        #expect(tagged.value(forKeyPath: "target.name") as? String == "card")
        tagged.setValue(0.5, forKeyPath: "target.opacity")
        #expect(target.opacity == 0.5)
    }
}

/// Records the keys a layer asks its delegate for actions.
final class ActionKeyLog: NSObject, CALayerDelegate {
    var keys: [String] = []
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        keys.append(event)
        return nil
    }
}
