import Foundation

extension CAShapeLayer {
    /// The path and its paint as values (see ``CALayer/drawnContent``), read
    /// from the stored state under one lock (not through the getters, a lock each).
    package var shapeContent: ShapeContent {
        withStateLock {
            let s = _shape
            return ShapeContent(
                path: s.path, fillColor: s.fillColor, fillRule: s.fillRule == .evenOdd ? .evenOdd : .winding,
                strokeColor: s.strokeColor, lineWidth: s.lineWidth,
                lineCap: s.lineCap == .round ? .round : s.lineCap == .square ? .square : .butt,
                lineJoin: s.lineJoin == .round ? .round : s.lineJoin == .bevel ? .bevel : .miter,
                miterLimit: s.miterLimit,
                lineDashPattern: (s.lineDashPattern ?? []).map { CGFloat($0.doubleValue) },
                lineDashPhase: s.lineDashPhase, strokeStart: s.strokeStart, strokeEnd: s.strokeEnd)
        }
    }
}
