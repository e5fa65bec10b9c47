import Foundation

// `as?` between Core Animation's boxes and Swift values, as on Apple's
// platforms.
//
// Key-value coding hands numbers out as NSNumber and structs as NSValue
// (`layer.value(forKeyPath: "transform.rotation.z")`, `value(forKey:
// "position")`), and iOS code reads them with `as? CGFloat`, `as? CGPoint`,
// `as! CATransform3D`. Apple's Foundation and QuartzCore overlays make those
// casts work by conforming the types to `_ObjectiveCBridgeable`;
// swift-corelibs-foundation does so for `Double`, `Float`, `Int` & co. but not
// for `CGFloat` nor the geometry structs, so there every such cast is nil.
// These conformances fill the gap, with Apple's rules: a number bridges to
// `CGFloat` when `Double` would take it (exactly), a struct only from a box
// of the same struct (an NSNumber or a rect is no point); the other way, a
// `CGFloat` boxes as an NSNumber and a struct as an NSValue, so `as? NSNumber`
// and `as? NSValue` of them work too.
//
// They are process-wide, as Apple's are: any `as?` from `Any` to these types
// may now find a box. Should swift-corelibs-foundation add its own, the
// compiler warns of a redundant conformance and these can go.
#if !canImport(ObjectiveC)
    extension CGFloat: @retroactive _ObjectiveCBridgeable {
        public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

        public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
            guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
                preconditionFailure("\(source) is not representable as a CGFloat")
            }
        }

        public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
            var double: Double?
            guard Double._conditionallyBridgeFromObjectiveC(source, result: &double), let double else {
                result = nil
                return false
            }
            result = CGFloat(double)
            return true
        }

        public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
            CGFloat(source?.doubleValue ?? 0)
        }
    }

    /// A struct that bridges to and from an `NSValue` whose objCType starts with
    /// its own (`{CGPoint=`): what the four conformances below share.
    protocol NSValueBridged: _ObjectiveCBridgeable where _ObjectiveCType == NSValue {
        /// The objCType prefix of a box holding this type.
        static var objCTypePrefix: String { get }
        /// The value a box of this type holds.
        static func unboxed(_ value: NSValue) -> Self
        /// A box holding this value.
        var boxed: NSValue { get }
        /// The value bridged from nothing.
        static var empty: Self { get }
    }

    extension NSValueBridged {
        public func _bridgeToObjectiveC() -> NSValue { boxed }

        public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) {
            guard _conditionallyBridgeFromObjectiveC(source, result: &result) else {
                preconditionFailure("an NSValue of objCType \(String(cString: source.objCType)) is not a \(Self.self)")
            }
        }

        public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout Self?) -> Bool {
            // NSNumber is an NSValue too, with objCTypes such as "d": never a struct.
            guard !(source is NSNumber), String(cString: source.objCType).hasPrefix(objCTypePrefix) else {
                result = nil
                return false
            }
            result = unboxed(source)
            return true
        }

        public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> Self {
            var result: Self?
            if let source { _ = _conditionallyBridgeFromObjectiveC(source, result: &result) }
            return result ?? empty
        }
    }

    extension CGPoint: @retroactive _ObjectiveCBridgeable, NSValueBridged {
        static var objCTypePrefix: String { "{CGPoint=" }
        static func unboxed(_ value: NSValue) -> CGPoint { value.pointValue }
        var boxed: NSValue { NSValue(point: self) }
        static var empty: CGPoint { .zero }
    }

    extension CGSize: @retroactive _ObjectiveCBridgeable, NSValueBridged {
        static var objCTypePrefix: String { "{CGSize=" }
        static func unboxed(_ value: NSValue) -> CGSize { value.sizeValue }
        var boxed: NSValue { NSValue(size: self) }
        static var empty: CGSize { .zero }
    }

    extension CGRect: @retroactive _ObjectiveCBridgeable, NSValueBridged {
        static var objCTypePrefix: String { "{CGRect=" }
        static func unboxed(_ value: NSValue) -> CGRect { value.rectValue }
        var boxed: NSValue { NSValue(rect: self) }
        static var empty: CGRect { .zero }
    }

    extension CATransform3D: _ObjectiveCBridgeable, NSValueBridged {
        static var objCTypePrefix: String { NSValue.caTransform3DObjCType }
        static func unboxed(_ value: NSValue) -> CATransform3D { value.caTransform3DValue }
        var boxed: NSValue { NSValue(caTransform3D: self) }
        static var empty: CATransform3D { CATransform3DIdentity }
    }
#endif

#if !canImport(ObjectiveC) && !canImport(CoreGraphics)
    extension CGAffineTransform: _ObjectiveCBridgeable, NSValueBridged {
        static var objCTypePrefix: String { NSValue.cgAffineTransformObjCType }
        static func unboxed(_ value: NSValue) -> CGAffineTransform { value.cgAffineTransformValue }
        var boxed: NSValue { NSValue(cgAffineTransform: self) }
        static var empty: CGAffineTransform { .identity }
    }
#endif
