import Foundation
import Strata

/// A line chart drawn the way iOS code draws one in `draw(in:)`: a gradient
/// under the line (clipped to the area beneath it), dashed grid lines with
/// labels, the line stroked round with dots at its points, and a title, all
/// with Core Graphics and Core Text calls. Changing `values` or `title`
/// redraws it at the next frame.
public final class ChartLayer: CALayer {
    /// The values, 0…1 from the bottom of the plot to its top.
    public var values: [CGFloat] = [] {
        didSet { setNeedsDisplay() }
    }
    /// The title, drawn top left.
    public var title = "" {
        didSet { setNeedsDisplay() }
    }
    /// The line's colour (the area under it is a fade of it).
    public var lineColor = CGColor(red: 0.16, green: 0.42, blue: 0.95, alpha: 1) {
        didSet { setNeedsDisplay() }
    }
    /// How many times the chart has drawn (for tests).
    public private(set) var drawCount = 0

    public override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let chart = layer as? ChartLayer else { return }
        values = chart.values
        title = chart.title
        lineColor = chart.lineColor
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The plot area inside the bounds (room for the title above and labels on the left).
    public var plotRect: CGRect {
        CGRect(x: bounds.minX + 40, y: bounds.minY + 44, width: bounds.width - 56, height: bounds.height - 64)
    }

    /// The points of the line in the layer's coordinates.
    public var points: [CGPoint] {
        let rect = plotRect
        guard values.count > 1, rect.width > 0, rect.height > 0 else { return [] }
        let step = rect.width / CGFloat(values.count - 1)
        return values.enumerated().map { i, v in
            CGPoint(x: rect.minX + CGFloat(i) * step, y: rect.maxY - min(max(v, 0), 1) * rect.height)
        }
    }

    public override func draw(in ctx: CGContext) {
        drawCount += 1
        let rect = plotRect
        guard rect.width > 0, rect.height > 0 else { return }
        let labelFont = CTFontCreateWithName("Helvetica" as CFString, 11, nil)
        let grey = CGColor(gray: 0.45, alpha: 1)
        // Text is drawn y up: flip it back for the layer's y-down context.
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)

        // Grid lines at 0, ½ and 1, dashed, each labelled on the left.
        for i in 0...4 {
            let fraction = CGFloat(i) / 4
            let y = rect.maxY - fraction * rect.height
            ctx.saveGState()
            ctx.setStrokeColor(CGColor(gray: 0.6, alpha: i == 0 ? 1 : 0.5))
            ctx.setLineWidth(1)
            if i > 0 { ctx.setLineDash(phase: 0, lengths: [4, 3]) }
            ctx.move(to: CGPoint(x: rect.minX, y: y.rounded() + 0.5))
            ctx.addLine(to: CGPoint(x: rect.maxX, y: y.rounded() + 0.5))
            ctx.strokePath()
            ctx.restoreGState()
            let label = CTLineCreateWithAttributedString(
                NSAttributedString(
                    string: "\(i * 25)", attributes: [.font: labelFont, .foregroundColor: grey]))
            let width = CGFloat(CTLineGetTypographicBounds(label, nil, nil, nil))
            ctx.textPosition = CGPoint(x: rect.minX - 8 - width, y: y + 4)
            CTLineDraw(label, ctx)
        }

        let pts = points
        if let first = pts.first, let last = pts.last {
            let line = CGMutablePath()
            line.addLines(between: pts)
            // The area under the line, a vertical fade of the line colour.
            let area = line.mutableCopy()!
            area.addLine(to: CGPoint(x: last.x, y: rect.maxY))
            area.addLine(to: CGPoint(x: first.x, y: rect.maxY))
            area.closeSubpath()
            let colors = [lineColor.copy(alpha: 0.45)!, lineColor.copy(alpha: 0.02)!] as CFArray
            if let gradient = CGGradient(
                colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors,
                locations: [0, 1])
            {
                ctx.saveGState()
                ctx.addPath(area)
                ctx.clip()
                ctx.drawLinearGradient(
                    gradient, start: CGPoint(x: 0, y: rect.minY),
                    end: CGPoint(x: 0, y: rect.maxY), options: [])
                ctx.restoreGState()
            }
            // The line, with a soft shadow below it.
            ctx.saveGState()
            ctx.setShadow(offset: CGSize(width: 0, height: 2), blur: 4, color: lineColor.copy(alpha: 0.4))
            ctx.addPath(line)
            ctx.setStrokeColor(lineColor)
            ctx.setLineWidth(3)
            ctx.setLineJoin(.round)
            ctx.setLineCap(.round)
            ctx.strokePath()
            ctx.restoreGState()
            // Dots: white with a ring of the line colour.
            ctx.setFillColor(CGColor(gray: 1, alpha: 1))
            ctx.setStrokeColor(lineColor)
            ctx.setLineWidth(2)
            for p in pts {
                ctx.addEllipse(in: CGRect(x: p.x - 4, y: p.y - 4, width: 8, height: 8))
            }
            ctx.drawPath(using: .fillStroke)
        }

        // The title.
        let titleFont = CTFontCreateWithName("Helvetica-Bold" as CFString, 17, nil)
        let titleLine = CTLineCreateWithAttributedString(
            NSAttributedString(
                string: title, attributes: [.font: titleFont, .foregroundColor: CGColor(gray: 0.15, alpha: 1)]))
        ctx.textPosition = CGPoint(x: bounds.minX + 16, y: bounds.minY + 28)
        CTLineDraw(titleLine, ctx)
    }
}
