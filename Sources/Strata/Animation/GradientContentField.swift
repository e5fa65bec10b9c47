import Foundation

/// An animatable property of a `CAGradientLayer` as a field of the content a
/// snapshot node holds (`GradientContent`): where a `NumberAnimationPlan`
/// step writes a gradient's animated colours, locations or points, as the
/// property's stored setter and `CAGradientLayer.gradientContent` would
/// together.
enum GradientContentField: String {
    case colors, locations, startPoint, endPoint, radialFocus

    /// The field of `property` when it is one of `CAGradientLayer`'s
    /// animatable properties, as a whole (nil: another class's).
    init?(_ property: LayerProperty) {
        guard let field = GradientContentField(rawValue: property.key),
            LayerPropertyTable.gradient[property.key] === property
        else { return nil }
        self = field
    }

    /// Puts the model layer's value of the field back into `content`.
    func restore(into content: inout GradientContent, from model: CAGradientLayer) {
        switch self {
        case .colors: content.colors = (model._gradient.colors ?? []).compactMap { $0 as? CGColor }
        case .locations: content.locations = model._gradient.locations?.map(\.doubleValue)
        case .startPoint: content.startPoint = model._gradient.startPoint
        case .endPoint: content.endPoint = model._gradient.endPoint
        case .radialFocus: content.radialFocus = model._gradient.radialFocus
        }
    }

    /// The field's value in `content`, as the property's value.
    func value(in content: GradientContent) -> AnimValue {
        switch self {
        case .colors: .colors(content.colors)
        case .locations: content.locations.map { .numbers($0) } ?? .other(nil)
        case .startPoint: .point(content.startPoint)
        case .endPoint: .point(content.endPoint)
        case .radialFocus: .point(content.radialFocus)
        }
    }

    /// Writes `value` into the field as the stored setter and the content's
    /// conversion would: a value of another kind is ignored.
    func write(_ value: AnimValue, into content: inout GradientContent) {
        switch self {
        case .colors: if let colors = value.colorsValue { content.colors = colors }
        case .locations:
            if case .numbers(let numbers) = value {
                content.locations = numbers
            } else if let other = value.otherValue, other == nil {
                content.locations = nil
            }
        case .startPoint: if let point = value.pointValue { content.startPoint = point }
        case .endPoint: if let point = value.pointValue { content.endPoint = point }
        case .radialFocus: if let point = value.pointValue { content.radialFocus = point }
        }
    }
}
