import Foundation

/// A colour space. Strata draws in sRGB (the device RGB space) or in grey;
/// other RGB spaces are accepted and treated as sRGB (no colour management).
public final class CGColorSpace: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The space's name (`CGColorSpace.sRGB`, `CGColorSpace.genericGrayGamma2_2`…), if it has one.
    public let name: CFString?
    /// Whether colours in the space are RGB or grey.
    public let model: CGColorSpaceModel

    /// sRGB.
    public static let sRGB: CFString = "kCGColorSpaceSRGB"
    /// Linear sRGB (drawn as sRGB).
    public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    /// Extended-range sRGB (drawn as sRGB, clamped).
    public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    /// Display P3 (drawn as sRGB).
    public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    /// Generic RGB (drawn as sRGB).
    public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    /// Grey with a 2.2 gamma.
    public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    /// Linear grey.
    public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    /// Extended-range grey.
    public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"

    /// A pattern space's space for the colour of an uncoloured pattern (nil: none, or not a pattern space).
    public let baseColorSpace: CGColorSpace?

    init(name: CFString?, model: CGColorSpaceModel, base: CGColorSpace? = nil) {
        self.name = name
        self.model = model
        baseColorSpace = base
    }

    /// A pattern colour space: nil `baseSpace` for coloured patterns (their
    /// one component is alpha), else the space of an uncoloured pattern's colour.
    public convenience init?(patternBaseSpace baseSpace: CGColorSpace?) {
        if let baseSpace, baseSpace.model == .pattern { return nil }
        self.init(name: nil, model: .pattern, base: baseSpace)
    }

    /// The space called `name`; nil for a name Strata does not know.
    public convenience init?(name: CFString) {
        switch name {
        case Self.sRGB, Self.linearSRGB, Self.extendedSRGB, Self.displayP3, Self.genericRGBLinear:
            self.init(name: name, model: .rgb)
        case Self.genericGrayGamma2_2, Self.linearGray, Self.extendedGray:
            self.init(name: name, model: .monochrome)
        default:
            return nil
        }
    }

    /// Components per colour, alpha not counted (3 for RGB, 1 for grey).
    /// (0 for a pattern space.)
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .pattern: return 0
        default: return 3
        }
    }

    public static func == (a: CGColorSpace, b: CGColorSpace) -> Bool {
        a.name == b.name && a.model == b.model && a.baseColorSpace == b.baseColorSpace
    }
    public func hash(into h: inout Hasher) {
        h.combine(name)
        h.combine(model)
    }
    public var description: String {
        if model == .pattern { return "CGColorSpace(pattern\(baseColorSpace.map { " over \($0)" } ?? ""))" }
        return "CGColorSpace(\(name ?? (model == .rgb ? "device RGB" : "device gray")))"
    }
}

/// The device RGB colour space (sRGB in Strata).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace(name: nil, model: .rgb) }

/// The device grey colour space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace(name: nil, model: .monochrome) }
