import Foundation

// Key-value coding for layers. swift-corelibs-foundation's NSObject has none,
// so CALayer declares `value(forKey:)` & co. itself (overridable, in the class
// body) and they land here. Property keys are CA's KVC keys: the getter names
// without `is` (`hidden`, `doubleSided`, `geometryFlipped`, `opaque`, `wrapped`).
extension CALayer {
    func kvcValue(forKey key: String) -> Any? {
        if let property = LayerProperty.named(key, of: self) { return property.box(property.get(self)) }
        switch key {
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "mask": return mask
        case "name": return name
        case "delegate": return delegate
        case "actions": return actions
        case "style": return style
        case "needsDisplayOnBoundsChange": return NSNumber(value: needsDisplayOnBoundsChange)
        case "frame": return NSValue(cgRect: frame)
        default: return _animationState?.extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    func kvcSetValue(_ value: Any?, forKey key: String) {
        if let property = LayerProperty.named(key, of: self) {
            // A value of the wrong type is ignored (CA would raise); scene
            // files reach here too, and must not crash the process.
            if let v = property.unbox(value) { property.setPublic(self, v) }
            return
        }
        switch key {
        case "sublayers": sublayers = value as? [CALayer]
        case "mask": mask = value as? CALayer
        case "name": name = value as? String
        case "delegate": delegate = value as? CALayerDelegate
        case "actions": actions = value as? [String: CAAction]
        case "style": style = value as? [AnyHashable: Any]
        case "needsDisplayOnBoundsChange": needsDisplayOnBoundsChange = AnimValue.bool(from: value) ?? false
        case "frame": if let r = AnimValue.rect(from: value) { frame = r }
        case "superlayer": return  // read-only
        default:
            // Any other key is stored, and its change looks up an action like a property's.
            changeValue(forKey: key) {
                if let value {
                    animationState.extraValues[key] = value
                } else {
                    _animationState?.extraValues[key] = nil
                }
            }
        }
    }

    func kvcValue(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        if let target = AnimationTarget(keyPath: keyPath, layer: self) {
            return target.get(self).boxed
        }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        let whole = value(forKey: head)
        // A struct that is no stored property (`frame.origin.x`).
        if let (value, parts) = Self.structParts(rest, of: whole) {
            return parts.reduce(value) { $1.get($0) }.boxed
        }
        return KeyValueCoding.value(forKeyPath: rest, in: whole)
    }

    /// `whole` as a struct value and the fields `path` names in it; nil when
    /// it is no boxed point, size or rect, or `path` names no field of it.
    private static func structParts(_ path: String, of whole: Any?) -> (AnimValue, [ValuePart])? {
        guard let box = whole as? NSValue, !(box is NSNumber) else { return nil }
        for kind in [ValueKind.rect, .point, .size] {
            if let value = AnimValue(box, kind: kind) {
                let names = path.split(separator: ".", omittingEmptySubsequences: false)
                guard let parts = ValuePart.resolve(names[...], in: kind), !parts.isEmpty else { return nil }
                return (value, parts)
            }
        }
        return nil
    }

    func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { setValue(value, forKey: keyPath); return }
        if let target = AnimationTarget(keyPath: keyPath, layer: self) {
            guard let part = AnimValue(value, kind: target.kind) else { return }
            let whole = target.replacing(in: target.property.get(self), with: part)
            // Through setValue(_:forKey:), so the property's setter (and action) runs.
            setValue(target.property.box(whole), forKey: target.property.key)
            return
        }
        let head = String(keyPath[..<dot]), rest = String(keyPath[keyPath.index(after: dot)...])
        let whole = self.value(forKey: head)
        if let (stored, parts) = Self.structParts(rest, of: whole) {
            // The struct with the field replaced, set whole through its key (`frame`'s setter).
            guard let part = AnimValue(value, kind: parts[parts.count - 1].kind) else { return }
            var wholes = [stored]
            for p in parts.dropLast() { wholes.append(p.get(wholes[wholes.count - 1])) }
            var v = part
            for i in stride(from: parts.count - 1, through: 0, by: -1) { v = parts[i].set(wholes[i], v) }
            setValue(v.boxed, forKey: head)
            return
        }
        KeyValueCoding.setValue(value, forKeyPath: rest, in: whole)
    }

    /// The default value of property `key` for this class: a fresh layer's value.
    static func defaultPropertyValue(forKey key: String) -> Any? {
        // Keys of your own (read every frame while animated) make no prototype.
        guard LayerPropertyTable.isPropertyKey(key) else { return nil }
        // A prototype of the nearest Strata class (user subclasses cannot be
        // made generically: `init()` is not required).
        let prototype: CALayer
        if self is CAShapeLayer.Type {
            prototype = CAShapeLayer()
        } else if self is CAGradientLayer.Type {
            prototype = CAGradientLayer()
        } else if self is CATextLayer.Type {
            prototype = CATextLayer()
        } else if self is CATransformLayer.Type {
            prototype = CATransformLayer()
        } else if self is CAReplicatorLayer.Type {
            prototype = CAReplicatorLayer()
        } else if self is CAEmitterLayer.Type {
            prototype = CAEmitterLayer()
        } else {
            prototype = CALayer()
        }
        guard let property = LayerProperty.named(key, of: prototype) else { return nil }
        return property.box(property.get(prototype))
    }
}
