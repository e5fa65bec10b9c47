import Foundation

/// An animatable property of a `CAShapeLayer` as a field of the content a
/// snapshot node holds (`ShapeContent`): where a `NumberAnimationPlan` step
/// writes a shape layer's animated `strokeEnd`, `fillColor` or `path`, as
/// the property's stored setter and `CAShapeLayer.shapeContent` would
/// together.
enum ShapeContentField: String {
    case path, fillColor, strokeColor, lineWidth, miterLimit, lineDashPhase, strokeStart, strokeEnd

    /// The field of `property` when it is one of `CAShapeLayer`'s animatable
    /// properties, as a whole (nil: another class's, or not animatable so).
    init?(_ property: LayerProperty) {
        guard let field = ShapeContentField(rawValue: property.key), LayerPropertyTable.shape[property.key] === property
        else { return nil }
        self = field
    }

    /// Whether the field is a number (else a colour or a path).
    var isNumber: Bool {
        switch self {
        case .path, .fillColor, .strokeColor: false
        default: true
        }
    }

    /// Puts the model layer's value of the field back into `content`.
    @inline(__always)
    func restore(into content: inout ShapeContent, from model: CAShapeLayer) {
        switch self {
        case .path: content.path = model._shape.path
        case .fillColor: content.fillColor = model._shape.fillColor
        case .strokeColor: content.strokeColor = model._shape.strokeColor
        case .lineWidth: content.lineWidth = model._shape.lineWidth
        case .miterLimit: content.miterLimit = model._shape.miterLimit
        case .lineDashPhase: content.lineDashPhase = model._shape.lineDashPhase
        case .strokeStart: content.strokeStart = model._shape.strokeStart
        case .strokeEnd: content.strokeEnd = model._shape.strokeEnd
        }
    }

    /// The field's value in `content`.
    func value(in content: ShapeContent) -> AnimValue {
        switch self {
        case .path: .path(content.path)
        case .fillColor: .color(content.fillColor)
        case .strokeColor: .color(content.strokeColor)
        case .lineWidth: .number(Double(content.lineWidth))
        case .miterLimit: .number(Double(content.miterLimit))
        case .lineDashPhase: .number(Double(content.lineDashPhase))
        case .strokeStart: .number(Double(content.strokeStart))
        case .strokeEnd: .number(Double(content.strokeEnd))
        }
    }

    /// Writes the number `value` into a number field.
    @inline(__always)
    func write(_ value: Double, into content: inout ShapeContent) {
        let v = CGFloat(value)
        switch self {
        case .lineWidth: content.lineWidth = v
        case .miterLimit: content.miterLimit = v
        case .lineDashPhase: content.lineDashPhase = v
        case .strokeStart: content.strokeStart = v
        case .strokeEnd: content.strokeEnd = v
        case .path, .fillColor, .strokeColor: preconditionFailure("\(rawValue) is not a number")
        }
    }

    /// Writes `value` into the field as the stored setter would: a value of
    /// another kind is ignored (the setter's conversion fails).
    func write(_ value: AnimValue, into content: inout ShapeContent) {
        switch self {
        case .path: if let path = value.pathValue { content.path = path }
        case .fillColor: if let color = value.colorValue { content.fillColor = color }
        case .strokeColor: if let color = value.colorValue { content.strokeColor = color }
        default: if let number = value.doubleValue { write(number, into: &content) }
        }
    }
}
