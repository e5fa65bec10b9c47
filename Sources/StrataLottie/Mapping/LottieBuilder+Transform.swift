import Foundation
import Strata

extension LottieBuilder {
    /// Gives `layer` the geometry of a Lottie transform: the anchor as its
    /// bounds origin (anchor point 0, 0), the position as its position, and
    /// scale, skew and rotation as its transform; opacity when asked.
    ///
    /// Rotation and scale that change over time become two additive
    /// `transform` animations with value functions (`rotateZ`, then `scale`),
    /// so each keeps its own keyframes and easing and a rotation can pass a
    /// full turn; skews, 3D rotations and auto-orient are sampled as matrices.
    mutating func bindTransform(
        _ t: LottieTransform, to layer: CALayer, map: LottieTimeMap, autoOrient: Bool = false,
        opacity: Bool
    ) {
        layer.anchorPoint = .zero
        let start = map.localFrame(factory.inPoint)
        // The anchor: the point of the layer's own space that sits at its position.
        factory.bind(
            "bounds.origin", t.anchor, map: map, on: layer,
            setModel: { a in layer.bounds = CGRect(x: a.x, y: a.y, width: 0, height: 0) },
            convert: { a in NSValue(cgPoint: CGPoint(x: a.x, y: a.y)) })
        // The position.
        if let x = t.positionX, let y = t.positionY {
            layer.position = CGPoint(x: x.value(at: start), y: y.value(at: start))
            factory.bind("position.x", x, map: map, on: layer, setModel: { _ in }, convert: { NSNumber(value: $0) })
            factory.bind("position.y", y, map: map, on: layer, setModel: { _ in }, convert: { NSNumber(value: $0) })
        } else if t.position.isAnimated && t.position.isSpatial {
            let p0 = t.position.spatialValue(at: start)
            layer.position = CGPoint(x: p0.x, y: p0.y)
            factory.addSampled("position", to: layer) { f in
                let p = t.position.spatialValue(at: map.localFrame(f))
                return NSValue(cgPoint: CGPoint(x: p.x, y: p.y))
            }
        } else if t.position.isAnimated && !LottieAnimationFactory.isNative(t.position, map: map) {
            // Per-dimension easing: each coordinate on its own curve.
            layer.position = CGPoint(x: t.position.value(at: start).x, y: t.position.value(at: start).y)
            if map.isForward {
                for (i, key) in ["position.x", "position.y"].enumerated() {
                    let component = t.position.mapped { $0[i] }
                    factory.add(
                        key,
                        points: LottieAnimationFactory.points(component, map: map, dimension: i) {
                            NSNumber(value: $0)
                        }, to: layer)
                }
            } else {
                factory.addSampled("position", to: layer) { f in
                    let p = t.position.value(at: map.localFrame(f))
                    return NSValue(cgPoint: CGPoint(x: p.x, y: p.y))
                }
            }
        } else {
            factory.bind(
                "position", t.position, map: map, on: layer,
                setModel: { p in layer.position = CGPoint(x: p.x, y: p.y) },
                convert: { p in NSValue(cgPoint: CGPoint(x: p.x, y: p.y)) })
        }
        // Scale, skew, rotation.
        let rotating = t.rotation.isAnimated, scaling = t.scale.isAnimated
        if t.hasSkew || t.is3D || autoOrient {
            let sampled =
                rotating || scaling || t.skew.isAnimated || t.skewAxis.isAnimated || t.rotationX.isAnimated
                || t.rotationY.isAnimated || t.orientation.isAnimated || autoOrient
            layer.transform = LottieMatrix.linearPart(
                t, at: start, extraRotation: autoOrient ? Self.orientation(t, at: start) : 0)
            if sampled {
                factory.addSampled("transform", to: layer) { f in
                    let local = map.localFrame(f)
                    return NSValue(
                        caTransform3D: LottieMatrix.linearPart(
                            t, at: local, extraRotation: autoOrient ? Self.orientation(t, at: local) : 0))
                }
            }
        } else if !rotating && !scaling {
            layer.transform = LottieMatrix.linearPart(t, at: start)
        } else {
            // Additive parts on an identity model transform: rotation first, so the scale applies before it.
            layer.transform = CATransform3DIdentity
            addTransformPart(.rotateZ, t.rotation.mapped { LottieMatrix.radians($0) }, map: map, to: layer)
            if LottieAnimationFactory.isNative(t.scale, map: map) || !t.scale.isAnimated {
                addTransformPart(.scale, t.scale, map: map, to: layer) { v in
                    [NSNumber(value: v[0, default: 100] / 100), NSNumber(value: v[1, default: 100] / 100), 1]
                }
            } else if map.isForward {
                // Per-dimension easing: x and y scale on their own curves.
                addTransformPart(
                    .scaleX, t.scale.mapped { $0[0, default: 100] / 100 }, map: map, to: layer, dimension: 0)
                addTransformPart(
                    .scaleY, t.scale.mapped { $0[1, default: 100] / 100 }, map: map, to: layer, dimension: 1)
            } else {
                addTransformPart(.scale, t.scale, map: map, to: layer) { v in
                    [NSNumber(value: v[0, default: 100] / 100), NSNumber(value: v[1, default: 100] / 100), 1]
                }
            }
        }
        if opacity {
            factory.bind(
                "opacity", t.opacity, map: map, on: layer,
                setModel: { layer.opacity = Float(max(0, min(1, $0 / 100))) },
                convert: { NSNumber(value: Float(max(0, min(1, $0 / 100)))) })
        }
    }

    /// An additive `transform` animation of one part (a value function's input), still or keyframed.
    private mutating func addTransformPart<V>(
        _ function: CAValueFunctionName, _ property: LottieProperty<V>,
        map: LottieTimeMap, to layer: CALayer, dimension: Int = 0,
        convert: @escaping (V) -> Any = { NSNumber(value: $0 as! Double) }
    ) {
        let valueFunction = CAValueFunction(name: function)
        func configure(_ a: CAKeyframeAnimation) {
            a.valueFunction = valueFunction
            a.isAdditive = true
        }
        let points: [LottieAnimationFactory.Point]
        if !property.isAnimated {
            points = [LottieAnimationFactory.Point(frame: factory.inPoint, value: convert(property.value), timing: nil)]
        } else if LottieAnimationFactory.isNative(property, map: map, uniformEasing: function == .scale) {
            points = LottieAnimationFactory.points(property, map: map, dimension: dimension, convert: convert)
        } else {
            points = factory.sampleFrames().map {
                LottieAnimationFactory.Point(
                    frame: $0, value: convert(property.value(at: map.localFrame($0))), timing: nil)
            }
        }
        factory.add("transform", points: points, to: layer, configure: configure)
    }

    /// The direction of motion (degrees) of the transform's position at `frame`, for auto-orient.
    static func orientation(_ t: LottieTransform, at frame: Double) -> Double {
        let e = 0.01
        var a = LottieMatrix.position(t, at: frame - e), b = LottieMatrix.position(t, at: frame + e)
        if a == b {
            // Still at this frame: keep the direction it last moved in (or will first move in).
            let times = t.position.keyframeTimes
            if let first = times.first, frame <= first {
                a = LottieMatrix.position(t, at: first); b = LottieMatrix.position(t, at: first + e)
            } else if let last = times.last, frame >= last {
                a = LottieMatrix.position(t, at: last - e); b = LottieMatrix.position(t, at: last)
            }
        }
        let dx = b.x - a.x, dy = b.y - a.y
        return dx == 0 && dy == 0 ? 0 : atan2(dy, dx) * 180 / .pi
    }
}
