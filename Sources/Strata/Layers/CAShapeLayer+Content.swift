import Foundation

extension CAShapeLayer {
    /// The path and its paint as values (see ``CALayer/drawnContent``).
    package var shapeContent: ShapeContent {
        withStateLock {
            ShapeContent(path: path, fillColor: fillColor, fillRule: fillRule == .evenOdd ? .evenOdd : .winding,
                         strokeColor: strokeColor, lineWidth: lineWidth,
                         lineCap: lineCap == .round ? .round : lineCap == .square ? .square : .butt,
                         lineJoin: lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter,
                         miterLimit: miterLimit,
                         lineDashPattern: (lineDashPattern ?? []).map { CGFloat($0.doubleValue) },
                         lineDashPhase: lineDashPhase, strokeStart: strokeStart, strokeEnd: strokeEnd)
        }
    }
}
