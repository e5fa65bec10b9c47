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
    @exclusivity(unchecked) package var _path: CGPath? = nil
    @exclusivity(unchecked) package var _fillColor: CGColor? = .black
    @exclusivity(unchecked) package var _fillRule = CAShapeLayerFillRule.nonZero
    @exclusivity(unchecked) package var _strokeColor: CGColor? = nil
    @exclusivity(unchecked) package var _lineWidth: CGFloat = 1
    @exclusivity(unchecked) package var _lineCap = CAShapeLayerLineCap.butt
    @exclusivity(unchecked) package var _lineJoin = CAShapeLayerLineJoin.miter
    @exclusivity(unchecked) package var _miterLimit: CGFloat = 10
    @exclusivity(unchecked) package var _lineDashPattern: [NSNumber]? = nil
    @exclusivity(unchecked) package var _lineDashPhase: CGFloat = 0
    @exclusivity(unchecked) package var _strokeStart: CGFloat = 0
    @exclusivity(unchecked) package var _strokeEnd: CGFloat = 1

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
        _path = o._path; _fillColor = o._fillColor; _fillRule = o._fillRule
        _strokeColor = o._strokeColor; _lineWidth = o._lineWidth; _lineCap = o._lineCap
        _lineJoin = o._lineJoin; _miterLimit = o._miterLimit; _lineDashPattern = o._lineDashPattern
        _lineDashPhase = o._lineDashPhase; _strokeStart = o._strokeStart; _strokeEnd = o._strokeEnd
    }

    /// The shape, in the layer's coordinates.
    open var path: CGPath? {
        get { withStateLock { _path } }
        set { changeValue(forKey: "path") { _path = newValue } }
    }
    /// The fill colour (default opaque black; nil for none).
    open var fillColor: CGColor? {
        get { withStateLock { _fillColor } }
        set { changeValue(forKey: "fillColor") { _fillColor = newValue } }
    }
    /// Non-zero or even-odd.
    open var fillRule: CAShapeLayerFillRule {
        get { withStateLock { _fillRule } }
        set { changeValue(forKey: "fillRule") { _fillRule = newValue } }
    }
    /// The stroke colour (default none).
    open var strokeColor: CGColor? {
        get { withStateLock { _strokeColor } }
        set { changeValue(forKey: "strokeColor") { _strokeColor = newValue } }
    }
    /// The stroke width.
    open var lineWidth: CGFloat {
        get { withStateLock { _lineWidth } }
        set { changeValue(forKey: "lineWidth") { _lineWidth = newValue } }
    }
    /// The stroke's end caps.
    open var lineCap: CAShapeLayerLineCap {
        get { withStateLock { _lineCap } }
        set { changeValue(forKey: "lineCap") { _lineCap = newValue } }
    }
    /// The stroke's joins.
    open var lineJoin: CAShapeLayerLineJoin {
        get { withStateLock { _lineJoin } }
        set { changeValue(forKey: "lineJoin") { _lineJoin = newValue } }
    }
    /// The longest miter, as a multiple of half the line width.
    open var miterLimit: CGFloat {
        get { withStateLock { _miterLimit } }
        set { changeValue(forKey: "miterLimit") { _miterLimit = newValue } }
    }
    /// Dash and gap lengths, alternating; nil for a solid line.
    open var lineDashPattern: [NSNumber]? {
        get { withStateLock { _lineDashPattern } }
        set { changeValue(forKey: "lineDashPattern") { _lineDashPattern = newValue } }
    }
    /// How far into the dash pattern the stroke starts.
    open var lineDashPhase: CGFloat {
        get { withStateLock { _lineDashPhase } }
        set { changeValue(forKey: "lineDashPhase") { _lineDashPhase = newValue } }
    }
    /// Where along the path (0...1) the stroke starts.
    open var strokeStart: CGFloat {
        get { withStateLock { _strokeStart } }
        set { changeValue(forKey: "strokeStart") { _strokeStart = newValue } }
    }
    /// Where along the path (0...1) the stroke ends.
    open var strokeEnd: CGFloat {
        get { withStateLock { _strokeEnd } }
        set { changeValue(forKey: "strokeEnd") { _strokeEnd = newValue } }
    }
}
