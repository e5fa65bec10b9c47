import Foundation

/// How a shape's fill decides what is inside.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// The shape of a stroke's open ends.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// The shape of a stroke's corners.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that fills and strokes a path (over its background, under its sublayers).
open class CAShapeLayer: CALayer {
    /// This class's own properties (see `LayerState`); `final` and unchecked as `_state` is.
    @exclusivity(unchecked) package final var _shape = ShapeLayerState()

    public override init() { super.init() }

    override func strataCopy() -> CALayer { CAShapeLayer(layer: self) }
    override package var contentKind: LayerContent.Kind { .shape }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)  // copies this class's properties too (copyProperties)
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAShapeLayer else { return }
        _shape = o._shape
    }

    /// The shape, in the layer's coordinates.
    open var path: CGPath? {
        get { withStateLock { _shape.path } }
        set { changeValue(forKey: "path") { _shape.path = newValue } }
    }
    /// The fill colour (default opaque black; nil for none).
    open var fillColor: CGColor? {
        get { withStateLock { _shape.fillColor } }
        set { changeValue(forKey: "fillColor") { _shape.fillColor = newValue } }
    }
    /// Non-zero or even-odd.
    open var fillRule: CAShapeLayerFillRule {
        get { withStateLock { _shape.fillRule } }
        set { changeValue(forKey: "fillRule") { _shape.fillRule = newValue } }
    }
    /// The stroke colour (default none).
    open var strokeColor: CGColor? {
        get { withStateLock { _shape.strokeColor } }
        set { changeValue(forKey: "strokeColor") { _shape.strokeColor = newValue } }
    }
    /// The stroke width.
    open var lineWidth: CGFloat {
        get { withStateLock { _shape.lineWidth } }
        set { changeValue(forKey: "lineWidth") { _shape.lineWidth = newValue } }
    }
    /// The stroke's end caps.
    open var lineCap: CAShapeLayerLineCap {
        get { withStateLock { _shape.lineCap } }
        set { changeValue(forKey: "lineCap") { _shape.lineCap = newValue } }
    }
    /// The stroke's joins.
    open var lineJoin: CAShapeLayerLineJoin {
        get { withStateLock { _shape.lineJoin } }
        set { changeValue(forKey: "lineJoin") { _shape.lineJoin = newValue } }
    }
    /// The longest miter, as a multiple of half the line width.
    open var miterLimit: CGFloat {
        get { withStateLock { _shape.miterLimit } }
        set { changeValue(forKey: "miterLimit") { _shape.miterLimit = newValue } }
    }
    /// Dash and gap lengths, alternating; nil for a solid line.
    open var lineDashPattern: [NSNumber]? {
        get { withStateLock { _shape.lineDashPattern } }
        set { changeValue(forKey: "lineDashPattern") { _shape.lineDashPattern = newValue } }
    }
    /// How far into the dash pattern the stroke starts.
    open var lineDashPhase: CGFloat {
        get { withStateLock { _shape.lineDashPhase } }
        set { changeValue(forKey: "lineDashPhase") { _shape.lineDashPhase = newValue } }
    }
    /// Where along the path (0...1) the stroke starts.
    open var strokeStart: CGFloat {
        get { withStateLock { _shape.strokeStart } }
        set { changeValue(forKey: "strokeStart") { _shape.strokeStart = newValue } }
    }
    /// Where along the path (0...1) the stroke ends.
    open var strokeEnd: CGFloat {
        get { withStateLock { _shape.strokeEnd } }
        set { changeValue(forKey: "strokeEnd") { _shape.strokeEnd = newValue } }
    }
}
