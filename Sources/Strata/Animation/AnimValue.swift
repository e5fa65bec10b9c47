import Foundation

/// The shape of an animatable value, which decides how it interpolates.
enum ValueKind: Sendable {
    /// `contents` changes by cross-fading the old image into the new one.
    case number, point, size, rect, transform, color, path, numbers, colors, discrete, contents

    /// Whether values of this kind change gradually (everything but `discrete`).
    var isInterpolable: Bool { self != .discrete }
}

/// An animatable value in the form interpolation works on.
///
/// Animations take `Any?` values (NSValue, NSNumber, CGFloat, CGPoint,
/// CGColor, CATransform3D, CGPath…); they are converted once, for the kind of
/// the animated key path, into this.
enum AnimValue {
    case number(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    /// Boxed (`indirect`): inline, its 128 bytes would make every value
    /// that large, and copying values is most of the per-frame work.
    indirect case transform(CATransform3D)
    case color(CGColor?)
    case path(CGPath?)
    case numbers([Double])
    case colors([CGColor])
    /// A value that does not interpolate (boxed, so the enum's payloads are
    /// all plain values or single references and it copies cheaply).
    case discrete(DiscreteValue)

    /// A discrete value.
    static func other(_ value: Any?) -> AnimValue { .discrete(DiscreteValue(value)) }

    /// The discrete value held, if this is one (`.some(nil)` for a discrete nil).
    var otherValue: Any?? { if case .discrete(let d) = self { return .some(d.value) }; return nil }

    // MARK: Converting from what callers pass

    /// A number from NSNumber, Double, CGFloat, Float, Int or Bool.
    static func double(from any: Any?) -> Double? {
        switch any {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as NSNumber: return v.doubleValue
        case let v as Bool: return v ? 1 : 0
        case let v as Int32: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as Int64: return Double(v)
        case let v as UInt: return Double(v)
        default: return nil
        }
    }

    /// A Bool from Bool or NSNumber (or any number: non-zero is true).
    static func bool(from any: Any?) -> Bool? {
        guard let any else { return nil }
        if type(of: any) == Bool.self { return any as? Bool }
        // An NSNumber (how a Bool is boxed for CA) read as a number: cast to Bool, it bridges,
        // at several times the cost (every frame, for every layer a Lottie file shows and hides).
        if let number = any as? NSNumber { return number.doubleValue != 0 }
        if let b = any as? Bool { return b }
        return double(from: any).map { $0 != 0 }
    }

    /// The `objCType` of an NSValue, as a Swift string.
    static func objCType(of value: NSValue) -> String { String(cString: value.objCType) }

    /// Whether `value`'s objCType starts with `prefix` (no String made: this is on the hot path).
    static func objCType(of value: NSValue, hasPrefix prefix: StaticString) -> Bool {
        strncmp(
            value.objCType, UnsafeRawPointer(prefix.utf8Start).assumingMemoryBound(to: CChar.self),
            prefix.utf8CodeUnitCount) == 0
    }

    static func point(from any: Any?) -> CGPoint? {
        switch any {
        case let p as CGPoint: return p
        case let v as NSValue where !(v is NSNumber) && objCType(of: v, hasPrefix: "{CGPoint="): return v.pointValue
        default: return pair(from: any).map { CGPoint(x: $0.0, y: $0.1) }
        }
    }

    static func size(from any: Any?) -> CGSize? {
        switch any {
        case let s as CGSize: return s
        case let v as NSValue where !(v is NSNumber) && objCType(of: v, hasPrefix: "{CGSize="): return v.sizeValue
        default: return pair(from: any).map { CGSize(width: $0.0, height: $0.1) }
        }
    }

    static func rect(from any: Any?) -> CGRect? {
        switch any {
        case let r as CGRect: return r
        case let v as NSValue where !(v is NSNumber) && objCType(of: v, hasPrefix: "{CGRect="): return v.rectValue
        default:
            guard let n = doubles(from: any), n.count == 4 else { return nil }
            return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
        }
    }

    static func transform(from any: Any?) -> CATransform3D? {
        switch any {
        case let t as CATransform3D: return t
        case let a as CGAffineTransform: return CATransform3DMakeAffineTransform(a)
        case let v as NSValue where !(v is NSNumber):
            switch objCType(of: v) {
            case NSValue.caTransform3DObjCType: return v.caTransform3DValue
            case NSValue.cgAffineTransformObjCType: return CATransform3DMakeAffineTransform(v.cgAffineTransformValue)
            default: return nil
            }
        default:
            guard let n = doubles(from: any), n.count == 16 else { return nil }
            return CATransform3D(elements: n.map { CGFloat($0) })
        }
    }

    /// Two numbers from an array of numbers.
    private static func pair(from any: Any?) -> (CGFloat, CGFloat)? {
        guard let n = doubles(from: any), n.count == 2 else { return nil }
        return (CGFloat(n[0]), CGFloat(n[1]))
    }

    /// An array of numbers from [NSNumber], [Double], [CGFloat], [Float], [Int] or [Any] of numbers.
    static func doubles(from any: Any?) -> [Double]? {
        switch any {
        case let a as [Double]: return a
        case let a as [CGFloat]: return a.map { Double($0) }
        case let a as [NSNumber]: return a.map { $0.doubleValue }
        case let a as [Float]: return a.map { Double($0) }
        case let a as [Int]: return a.map { Double($0) }
        case let a as [Any]:
            var out: [Double] = []
            out.reserveCapacity(a.count)
            for element in a {
                guard let d = double(from: element) else { return nil }
                out.append(d)
            }
            return out
        default: return nil
        }
    }

    /// An array of colours from [CGColor] or [Any] of CGColors.
    static func colors(from any: Any?) -> [CGColor]? {
        switch any {
        case let a as [CGColor]: return a
        case let a as [Any]:
            var out: [CGColor] = []
            for element in a {
                guard let c = element as? CGColor else { return nil }
                out.append(c)
            }
            return out
        default: return nil
        }
    }

    /// `any` as a value of `kind`, or nil when it is not one.
    init?(_ any: Any?, kind: ValueKind) {
        switch kind {
        case .number: guard let v = Self.double(from: any) else { return nil }; self = .number(v)
        case .point: guard let v = Self.point(from: any) else { return nil }; self = .point(v)
        case .size: guard let v = Self.size(from: any) else { return nil }; self = .size(v)
        case .rect: guard let v = Self.rect(from: any) else { return nil }; self = .rect(v)
        case .transform: guard let v = Self.transform(from: any) else { return nil }; self = .transform(v)
        case .color:
            if any == nil { self = .color(nil); return }
            guard let c = any as? CGColor else { return nil }
            self = .color(c)
        case .path:
            if any == nil { self = .path(nil); return }
            guard let p = any as? CGPath else { return nil }
            self = .path(p)
        case .numbers: guard let v = Self.doubles(from: any) else { return nil }; self = .numbers(v)
        case .colors: guard let v = Self.colors(from: any) else { return nil }; self = .colors(v)
        case .discrete: self = .other(any)
        case .contents: self = .discrete(DiscreteValue(any, fades: true))
        }
    }

    /// The value as Core Animation hands it out (KVC, `fromValue`): NSNumber,
    /// NSValue, CGColor, CGPath, arrays.
    var boxed: Any? {
        switch self {
        case .number(let v): return NSNumber(value: v)
        case .point(let p): return NSValue(cgPoint: p)
        case .size(let s): return NSValue(cgSize: s)
        case .rect(let r): return NSValue(cgRect: r)
        case .transform(let t): return NSValue(caTransform3D: t)
        case .color(let c): return c
        case .path(let p): return p
        case .numbers(let n): return n.map { NSNumber(value: $0) }
        case .colors(let c): return c as [Any]
        case .discrete(let d): return d.value
        }
    }

    // MARK: Accessors used by the property table

    var doubleValue: Double? { if case .number(let v) = self { return v }; return nil }
    var pointValue: CGPoint? { if case .point(let v) = self { return v }; return nil }
    var sizeValue: CGSize? { if case .size(let v) = self { return v }; return nil }
    var rectValue: CGRect? { if case .rect(let v) = self { return v }; return nil }
    var transformValue: CATransform3D? { if case .transform(let v) = self { return v }; return nil }
    var colorValue: CGColor?? { if case .color(let v) = self { return .some(v) }; return nil }
    var pathValue: CGPath?? { if case .path(let v) = self { return .some(v) }; return nil }
    var numbersValue: [Double]? { if case .numbers(let v) = self { return v }; return nil }
    var colorsValue: [CGColor]? { if case .colors(let v) = self { return v }; return nil }
}

// MARK: - Arithmetic

extension AnimValue {
    /// The value at `t` between `a` (0) and `b` (1); `t` may leave 0...1
    /// (springs overshoot), which extrapolates. Values that cannot be
    /// interpolated switch at the midpoint.
    static func interpolate(
        _ a: AnimValue, _ b: AnimValue, _ t: Double,
        transforms: TransformInterpolator? = nil
    ) -> AnimValue {
        @inline(__always) func lerp(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.point(p), .point(q)): return .point(CGPoint(x: lerp(p.x, q.x), y: lerp(p.y, q.y)))
        case let (.size(p), .size(q)):
            return .size(CGSize(width: lerp(p.width, q.width), height: lerp(p.height, q.height)))
        case let (.rect(p), .rect(q)):
            return .rect(
                CGRect(
                    x: lerp(p.origin.x, q.origin.x), y: lerp(p.origin.y, q.origin.y),
                    width: lerp(p.width, q.width), height: lerp(p.height, q.height)))
        case let (.transform(p), .transform(q)):
            return .transform(transforms?.interpolate(p, q, t) ?? TransformInterpolator.interpolate(p, q, t))
        case let (.color(p), .color(q)):
            if t == 0 { return a }
            if t == 1 { return b }
            return .color(interpolateColor(p, q, t))
        case let (.path(p), .path(q)):
            if let p, let q, let mixed = interpolatePath(p, q, t) { return .path(mixed) }
            return t < 0.5 ? a : b
        case let (.numbers(p), .numbers(q)) where p.count == q.count:
            return .numbers(zip(p, q).map { $0 + ($1 - $0) * t })
        case let (.colors(p), .colors(q)) where p.count == q.count:
            if t == 0 { return a }
            if t == 1 { return b }
            return .colors(zip(p, q).map { interpolateColor($0, $1, t) ?? .clear })
        case let (.discrete(x), .discrete(y)) where x.fades && y.fades:
            if t <= 0 { return a }
            if t >= 1 { return b }
            return .discrete(
                DiscreteValue(
                    ContentsCrossfade(
                        from: ContentsCrossfade.shown(x.value),
                        to: ContentsCrossfade.shown(y.value), progress: t),
                    fades: true))
        default:
            return t < 0.5 ? a : b
        }
    }

    /// Colours mix per straight-alpha component (as CA does: a fade from
    /// transparent black to white passes through grey), clamped to 0...1.
    static func interpolateColor(_ a: CGColor?, _ b: CGColor?, _ t: Double) -> CGColor? {
        mixColor((a ?? .clear).rgba, (b ?? .clear).rgba, t)
    }

    /// The colour of components `p` and `q` mixed at `t`, each clamped to 0…1.
    @inline(__always)
    static func mixColor(
        _ p: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat), _ q: (r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat),
        _ t: Double
    ) -> CGColor {
        func mix(_ x: CGFloat, _ y: CGFloat) -> CGFloat { min(max(x + (y - x) * CGFloat(t), 0), 1) }
        return CGColor(srgbRed: mix(p.r, q.r), green: mix(p.g, q.g), blue: mix(p.b, q.b), alpha: mix(p.a, q.a))
    }

    /// Point-by-point mix of two paths with the same elements; nil when their structures differ.
    static func interpolatePath(_ a: CGPath, _ b: CGPath, _ t: Double) -> CGPath? {
        guard a.elements.count == b.elements.count else { return nil }
        func mix(_ p: CGPoint, _ q: CGPoint) -> CGPoint {
            CGPoint(x: p.x + (q.x - p.x) * CGFloat(t), y: p.y + (q.y - p.y) * CGFloat(t))
        }
        var out: [CGPath.Element] = []
        out.reserveCapacity(a.elements.count)
        for (x, y) in zip(a.elements, b.elements) {
            switch (x, y) {
            case let (.moveTo(p), .moveTo(q)): out.append(.moveTo(mix(p, q)))
            case let (.lineTo(p), .lineTo(q)): out.append(.lineTo(mix(p, q)))
            case let (.quadCurveTo(c, p), .quadCurveTo(d, q)):
                out.append(.quadCurveTo(control: mix(c, d), to: mix(p, q)))
            case let (.curveTo(c1, c2, p), .curveTo(d1, d2, q)):
                out.append(.curveTo(control1: mix(c1, d1), control2: mix(c2, d2), to: mix(p, q)))
            case (.closeSubpath, .closeSubpath): out.append(.closeSubpath)
            default: return nil
            }
        }
        return CGPath(elements: out)
    }

    /// `base` with `delta` added: sums for numbers, points, sizes, rects,
    /// colours and arrays; for transforms `delta` concatenated before `base`
    /// (the animation acts in the layer's space, then the base transform).
    /// Nil when the values cannot be added.
    static func add(_ base: AnimValue, _ delta: AnimValue) -> AnimValue? {
        switch (base, delta) {
        case let (.number(x), .number(y)): return .number(x + y)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
        case let (.rect(p), .rect(q)):
            return .rect(
                CGRect(
                    x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
                    width: p.width + q.width, height: p.height + q.height))
        case let (.transform(p), .transform(q)): return .transform(q.concatenating(p))
        case let (.color(p), .color(q)):
            let a = (p ?? .clear).rgba, b = (q ?? .clear).rgba
            return .color(CGColor(srgbRed: a.r + b.r, green: a.g + b.g, blue: a.b + b.b, alpha: a.a + b.a))
        case let (.numbers(p), .numbers(q)) where p.count == q.count: return .numbers(zip(p, q).map { $0 + $1 })
        default: return nil
        }
    }

    /// `value` minus `delta` (the inverse of `add`), for a `byValue` with a `toValue`.
    static func subtract(_ value: AnimValue, _ delta: AnimValue) -> AnimValue? {
        switch (value, delta) {
        case let (.number(x), .number(y)): return .number(x - y)
        case let (.point(p), .point(q)): return .point(CGPoint(x: p.x - q.x, y: p.y - q.y))
        case let (.size(p), .size(q)): return .size(CGSize(width: p.width - q.width, height: p.height - q.height))
        case let (.rect(p), .rect(q)):
            return .rect(
                CGRect(
                    x: p.origin.x - q.origin.x, y: p.origin.y - q.origin.y,
                    width: p.width - q.width, height: p.height - q.height))
        case let (.transform(p), .transform(q)):
            guard let inverse = q.inverted() else { return nil }
            return .transform(inverse.concatenating(p))
        case let (.color(p), .color(q)):
            let a = (p ?? .clear).rgba, b = (q ?? .clear).rgba
            return .color(CGColor(srgbRed: a.r - b.r, green: a.g - b.g, blue: a.b - b.b, alpha: a.a - b.a))
        case let (.numbers(p), .numbers(q)) where p.count == q.count: return .numbers(zip(p, q).map { $0 - $1 })
        default: return nil
        }
    }

    /// The value's components as a flat vector (for splines and paced
    /// timing), or nil for kinds without one.
    var vector: [Double]? {
        switch self {
        case .number(let v): return [v]
        case .point(let p): return [Double(p.x), Double(p.y)]
        case .size(let s): return [Double(s.width), Double(s.height)]
        case .rect(let r): return [Double(r.origin.x), Double(r.origin.y), Double(r.width), Double(r.height)]
        case .color(let c): let q = (c ?? .clear).rgba; return [q.r, q.g, q.b, q.a].map { Double($0) }
        case .numbers(let n): return n
        case .transform(let t): return t.elements.map { Double($0) }
        default: return nil
        }
    }

    /// A value of the same kind as `self` from a vector made by `vector`.
    func withVector(_ v: [Double]) -> AnimValue {
        switch self {
        case .number: return .number(v[0])
        case .point: return .point(CGPoint(x: v[0], y: v[1]))
        case .size: return .size(CGSize(width: v[0], height: v[1]))
        case .rect: return .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
        case .color:
            let c = v.map { CGFloat(min(max($0, 0), 1)) }
            return .color(CGColor(srgbRed: c[0], green: c[1], blue: c[2], alpha: c[3]))
        case .numbers: return .numbers(v)
        case .transform: return .transform(CATransform3D(elements: v.map { CGFloat($0) }))
        default: return self
        }
    }

    /// The distance between two values, for paced keyframes: Euclidean over
    /// the components (0 when they have none).
    static func distance(_ a: AnimValue, _ b: AnimValue) -> Double {
        guard let p = a.vector, let q = b.vector, p.count == q.count else { return 0 }
        var sum = 0.0
        for (x, y) in zip(p, q) { sum += (x - y) * (x - y) }
        return sum.squareRoot()
    }
}

/// The box of a discrete `AnimValue`.
final class DiscreteValue {
    let value: Any?
    /// Whether values of this kind cross-fade (layer contents) instead of switching.
    let fades: Bool
    init(_ value: Any?, fades: Bool = false) {
        self.value = value
        self.fades = fades
    }
}
