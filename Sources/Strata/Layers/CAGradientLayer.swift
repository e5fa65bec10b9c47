import Foundation

/// The geometry of a gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint`.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// An ellipse centred on `startPoint` reaching `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, starting towards `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds with a colour gradient (over its background).
open class CAGradientLayer: CALayer {
    /// This class's own properties (see `LayerState`); `final` and unchecked as `_state` is.
    @exclusivity(unchecked) package final var _gradient = GradientLayerState()

    public override init() { super.init() }

    override func strataCopy() -> CALayer { CAGradientLayer(layer: self) }
    override package var contentKind: LayerContent.Kind { .gradient }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)  // copies this class's properties too (copyProperties)
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAGradientLayer else { return }
        _gradient = o._gradient
    }

    /// The gradient's colours (`CGColor`s).
    open var colors: [Any]? {
        get { withStateLock { _gradient.colors } }
        set { changeValue(forKey: "colors") { _gradient.colors = newValue } }
    }
    /// Where each colour sits along the gradient (0...1); nil spaces them evenly.
    open var locations: [NSNumber]? {
        get { withStateLock { _gradient.locations } }
        set { changeValue(forKey: "locations") { _gradient.locations = newValue } }
    }
    /// The start, in unit coordinates of the bounds.
    open var startPoint: CGPoint {
        get { withStateLock { _gradient.startPoint } }
        set { changeValue(forKey: "startPoint") { _gradient.startPoint = newValue } }
    }
    /// The end, in unit coordinates of the bounds.
    open var endPoint: CGPoint {
        get { withStateLock { _gradient.endPoint } }
        set { changeValue(forKey: "endPoint") { _gradient.endPoint = newValue } }
    }
    /// Axial, radial or conic.
    open var type: CAGradientLayerType {
        get { withStateLock { _gradient.type } }
        set { changeValue(forKey: "type") { _gradient.type = newValue } }
    }

    /// Where a radial gradient's focal point lies, the point its first colour
    /// spreads from: an offset from its centre (`startPoint`) in units of its
    /// radii along x and y. (0, 0), the default, is the centre, as Core
    /// Animation draws radial gradients; a point at length 1 or more is drawn
    /// just inside the ellipse. Strata's, for Lottie's highlight (`h`, `a`);
    /// animatable by its key, `radialFocus`.
    package var radialFocus: CGPoint {
        get { withStateLock { _gradient.radialFocus } }
        set { changeValue(forKey: "radialFocus") { _gradient.radialFocus = newValue } }
    }

    /// The colours as `CGColor`s (entries of other types are skipped).
    package var cgColors: [CGColor] { (withStateLock { _gradient.colors } ?? []).compactMap { $0 as? CGColor } }
}
