import Foundation
import Strata

extension Scene {
    /// The scene as it appears at `time`: a fresh copy of the tree, the
    /// explicit animations added at time 0, and every timeline transaction
    /// with `at <= time` committed at its time, all run through the same
    /// transactions, actions and animations as an app's layers, on a clock
    /// that starts at 0. Returns the presentation tree to draw.
    public func presentationTree(at time: CFTimeInterval) throws(SceneError) -> CALayer {
        try ScenePlayer(self).frame(at: time)
    }

    /// The model changes that play `instance`: its explicit animations added
    /// at time 0, then each timeline transaction at its time (file order).
    func playbackChanges(of instance: SceneInstance) throws(SceneError) -> [(at: CFTimeInterval, apply: () -> Void)] {
        var changes: [(at: CFTimeInterval, apply: () -> Void)] = []
        let animations = try instance.animations.map { a throws(SceneError) in (a.layer, try makeAnimation(a), a.path) }
        if !animations.isEmpty {
            changes.append(
                (
                    at: 0,
                    apply: {
                        for (i, (layer, animation, _)) in animations.enumerated() {
                            layer.add(animation, forKey: "scene\(i)")
                        }
                    }
                ))
        }
        for transaction in instance.timeline {
            var sets: [(CALayer, String, Any)] = []
            for change in transaction.set {
                guard let layer = instance.layersByName[change.target] else {
                    throw SceneError(path: change.path, reason: "no layer named \"\(change.target)\"")
                }
                let value = try decodeValue(
                    change.value, forKeyPath: change.keyPath, of: SceneLayerType(of: layer),
                    at: change.path)
                sets.append((layer, change.keyPath, value))
            }
            changes.append(
                (
                    at: transaction.at,
                    apply: {
                        CATransaction.begin()
                        CATransaction.setDisableActions(transaction.disableActions)
                        CATransaction.setAnimationDuration(transaction.duration)
                        CATransaction.setAnimationTimingFunction(transaction.timingFunction.mediaTimingFunction)
                        for (layer, keyPath, value) in sets { layer.setValue(value, forKeyPath: keyPath) }
                        CATransaction.commit()
                    }
                ))
        }
        return changes
    }

    /// The Core Animation object for an animation of the file.
    func makeAnimation(_ a: SceneAnimation) throws(SceneError) -> CAAnimation {
        // Made in code: `add(_:forKey:)` attaches a copy, so every player gets its own.
        if let made = a.animation { return made }
        let type = SceneLayerType(of: a.layer)
        func decode(_ json: JSONValue?, _ field: String) throws(SceneError) -> Any? {
            guard let json else { return nil }
            return try decodeValue(json, forKeyPath: a.keyPath, of: type, at: a.path + "." + field)
        }
        let animation: CAPropertyAnimation
        if let values = a.values {
            let keyframe = CAKeyframeAnimation(keyPath: a.keyPath)
            var decoded: [Any] = []
            for (i, v) in values.enumerated() {
                decoded.append(try decodeValue(v, forKeyPath: a.keyPath, of: type, at: a.path + ".values[\(i)]"))
            }
            keyframe.values = decoded
            keyframe.keyTimes = a.keyTimes?.map { NSNumber(value: $0) }
            keyframe.timingFunctions = a.timingFunctions?.map(\.mediaTimingFunction)
            keyframe.calculationMode = CAAnimationCalculationMode(rawValue: a.calculationMode)
            animation = keyframe
        } else {
            let basic = CABasicAnimation(keyPath: a.keyPath)
            basic.fromValue = try decode(a.fromValue, "fromValue")
            basic.toValue = try decode(a.toValue, "toValue")
            basic.byValue = try decode(a.byValue, "byValue")
            animation = basic
        }
        animation.duration = a.duration
        animation.beginTime = a.beginTime
        animation.repeatCount = a.repeatCount
        animation.autoreverses = a.autoreverses
        animation.fillMode = a.fillMode
        // The file has no removedOnCompletion: a fill mode that holds the end
        // value only means something if the animation stays, so it does.
        animation.isRemovedOnCompletion = !(a.fillMode == .forwards || a.fillMode == .both)
        animation.isAdditive = a.isAdditive
        animation.isCumulative = a.isCumulative
        animation.timingFunction = a.timingFunction?.mediaTimingFunction
        return animation
    }
}

extension SceneTimingFunction {
    /// The same curve as a `CAMediaTimingFunction`.
    public var mediaTimingFunction: CAMediaTimingFunction {
        let c = controlPoints
        return CAMediaTimingFunction(controlPoints: Float(c.x1), Float(c.y1), Float(c.x2), Float(c.y2))
    }
}
