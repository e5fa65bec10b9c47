import Foundation
import Testing

@testable import Strata

/// The straight-alpha RGBA of pixel (x, y) of an image, top row first.
func imagePixel(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    let i = (y * image.width + x) * 4
    return (0..<4).map { Int(image.pixels[i + $0]) }
}

/// A line chart as iOS code draws one in `draw(in:)`: an area under the line
/// filled with a vertical gradient (clipped to the area), the line stroked
/// round, dashed grid lines, and a Core Text label with the text matrix
/// flipped for the layer's y-down context.
final class LineChartLayer: CALayer {
    var values: [CGFloat] = [] {
        didSet { setNeedsDisplay() }
    }
    var lineColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
    var title = "Max 1.0"
    private(set) var drawCount = 0

    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let chart = layer as? LineChartLayer {
            values = chart.values
            lineColor = chart.lineColor
            title = chart.title
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    /// The line's points: evenly spaced across the bounds inset by 10, value 1 at the top.
    func points(in rect: CGRect) -> [CGPoint] {
        guard values.count > 1 else { return [] }
        let step = rect.width / CGFloat(values.count - 1)
        return values.enumerated().map { i, v in
            CGPoint(x: rect.minX + CGFloat(i) * step, y: rect.maxY - v * rect.height)
        }
    }

    override func draw(in ctx: CGContext) {
        drawCount += 1
        let rect = bounds.insetBy(dx: 10, dy: 10)
        let pts = points(in: rect)
        guard let first = pts.first, let last = pts.last else { return }

        // Grid: three dashed horizontal lines.
        ctx.saveGState()
        ctx.setStrokeColor(CGColor(gray: 0.5, alpha: 0.5))
        ctx.setLineWidth(1)
        ctx.setLineDash(phase: 0, lengths: [4, 2])
        for i in 0...2 {
            let y = rect.minY + rect.height * CGFloat(i) / 2
            ctx.move(to: CGPoint(x: rect.minX, y: y))
            ctx.addLine(to: CGPoint(x: rect.maxX, y: y))
        }
        ctx.strokePath()
        ctx.restoreGState()

        // The area under the line, filled with a gradient.
        let line = CGMutablePath()
        line.addLines(between: pts)
        let area = line.mutableCopy()!
        area.addLine(to: CGPoint(x: last.x, y: rect.maxY))
        area.addLine(to: CGPoint(x: first.x, y: rect.maxY))
        area.closeSubpath()
        let colors = [lineColor.copy(alpha: 0.6)!, lineColor.copy(alpha: 0)!] as CFArray
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1])!
        ctx.saveGState()
        ctx.addPath(area)
        ctx.clip()
        ctx.drawLinearGradient(
            gradient, start: CGPoint(x: 0, y: rect.minY), end: CGPoint(x: 0, y: rect.maxY),
            options: [])
        ctx.restoreGState()

        // The line.
        ctx.addPath(line)
        ctx.setStrokeColor(lineColor)
        ctx.setLineWidth(2)
        ctx.setLineJoin(.round)
        ctx.setLineCap(.round)
        ctx.strokePath()

        // The title, top left: glyphs are drawn y up, so the text matrix flips them back.
        let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 10, nil)
        let attributes: [NSAttributedString.Key: Any] = [.font: font, .foregroundColor: CGColor(gray: 0.2, alpha: 1)]
        let text = CTLineCreateWithAttributedString(NSAttributedString(string: title, attributes: attributes))
        ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
        ctx.textPosition = CGPoint(x: rect.minX + 2, y: rect.minY + 12)
        CTLineDraw(text, ctx)
    }
}

@Suite("Layer drawing")
struct LayerDrawingTests {
    @Test func drawInFillsContentsAtContentsScaleAtTheNextTick() throws {
        let stage = Stage()
        let chart = LineChartLayer()
        chart.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        chart.contentsScale = 2
        chart.values = [0, 1, 0.5, 1]
        stage.show(chart)
        let image = try #require(chart.contents as? CGImage)
        #expect(image.width == 400 && image.height == 200)
        #expect(chart.drawCount == 1 && !chart.needsDisplay())
        // Points: (10, 90), (70, 10), (130, 50), (190, 10), y down from the top left.
        // On the line, half-way from (70, 10) to (130, 50): the line colour.
        #expect(close(imagePixel(image, 200, 60), [26, 102, 230, 255], 2))
        // Under the line at (100, 80): the gradient 7/8 of the way from 0.6 to 0 alpha.
        // (Straight colours at such low alpha carry the premultiplied bytes' rounding.)
        let under = imagePixel(image, 200, 160)
        #expect(abs(under[3] - 19) <= 1 && under[2] > 200 && under[0] < 40, "\(under)")
        // Above the line at (40, 30) and away from the grid: nothing.
        #expect(imagePixel(image, 80, 56)[3] == 0)
        // The dashed grid line at y = 50 (pixel rows 99…100): dashes of 4 and gaps of 2 points.
        let grid = (0..<24).map { imagePixel(image, 20 + $0, 99)[3] > 0 }
        #expect(grid == (0..<24).map { ($0 / 4) % 3 != 2 })
        // The title's ink (its grey) lies in its line's box: x from 12, baseline at y = 22.
        var inked = 0
        for y in 0..<200 {
            for x in 0..<400 where imagePixel(image, x, y)[3] > 128 && imagePixel(image, x, y)[0...2] == [51, 51, 51] {
                inked += 1
                #expect(x >= 24 && y < 48 && y >= 26, "title ink at (\(x), \(y))")
            }
        }
        #expect(inked > 200)
    }

    @Test func setNeedsDisplayRedrawsOnlyAtTheTick() throws {
        let stage = Stage()
        let chart = LineChartLayer()
        chart.values = [0, 1]
        stage.show(chart)
        chart.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        // Marked by needsDisplayOnBoundsChange; drawn at the tick, not before.
        #expect(chart.needsDisplay() && chart.contents == nil && chart.drawCount == 0)
        stage.tick(0.1)
        #expect(chart.drawCount == 1)
        let first = try #require(chart.contents as? CGImage)
        #expect(first.width == 100 && first.height == 50)
        stage.tick(0.2)
        #expect(chart.drawCount == 1)
        chart.values = [1, 0]
        chart.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.tick(0.3)
        #expect(chart.drawCount == 2)
        // displayIfNeeded() draws at once, only when needed.
        chart.setNeedsDisplay()
        chart.displayIfNeeded()
        chart.displayIfNeeded()
        #expect(chart.drawCount == 3 && !chart.needsDisplay())
    }

    /// A delegate drawing, as a view draws its layer on iOS.
    final class DotDrawer: CALayerDelegate {
        var drawn: [CGRect] = []
        func draw(_ layer: CALayer, in ctx: CGContext) {
            drawn.append(ctx.boundingBoxOfClipPath)
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    @Test func theDelegateDrawsInTheLayersBoundsSpace() throws {
        let stage = Stage()
        let drawer = DotDrawer()
        let layer = CALayer()
        layer.delegate = drawer
        layer.bounds = CGRect(x: 5, y: 5, width: 20, height: 20)
        layer.setNeedsDisplay()
        stage.show(layer)
        // User space is the bounds: the dot at (0…10, 0…10) shows in the top-left quarter of (5, 5, 20, 20).
        #expect(drawer.drawn == [CGRect(x: 5, y: 5, width: 20, height: 20)])
        let image = try #require(layer.contents as? CGImage)
        #expect(imagePixel(image, 2, 2) == [255, 0, 0, 255])
        #expect(imagePixel(image, 10, 10)[3] == 0)
    }

    /// A delegate that sets contents itself: display(_:) replaces drawing.
    final class ImageSetter: CALayerDelegate {
        let image = CGImage(width: 1, height: 1, pixels: [0, 255, 0, 255])
        var drew = false
        func display(_ layer: CALayer) { layer.contents = image }
        func draw(_ layer: CALayer, in ctx: CGContext) { drew = true }
    }

    @Test func aDelegatesDisplayReplacesDrawing() {
        let stage = Stage()
        let setter = ImageSetter()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.delegate = setter
        layer.setNeedsDisplay()
        stage.show(layer)
        #expect((layer.contents as? CGImage) === setter.image && !setter.drew)
    }

    /// Only lays out: nothing to draw.
    final class LayoutOnly: CALayerDelegate {
        func layoutSublayers(of layer: CALayer) {}
    }

    @Test func aLayerThatDrawsNothingKeepsItsContents() {
        let stage = Stage()
        let image = CGImage(width: 1, height: 1, pixels: [0, 0, 255, 255])
        let layer = CALayer()
        let delegate = LayoutOnly()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contents = image
        layer.setNeedsDisplay()
        stage.show(layer)
        #expect((layer.contents as? CGImage) === image)
        // A text layer told to redisplay keeps drawing its text (contents stay nil).
        let text = CATextLayer()
        text.string = "Hi"
        text.setNeedsDisplay()
        stage.show(text)
        #expect(text.contents == nil)
    }

    /// A custom property that redraws when it changes, the iOS way.
    final class ProgressLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }
        override func draw(in ctx: CGContext) {
            let progress = (value(forKey: "progress") as? NSNumber)?.doubleValue ?? 0
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * CGFloat(progress), height: bounds.height))
        }
    }

    @Test func needsDisplayForKeyRedrawsOnChange() throws {
        let stage = Stage()
        let bar = ProgressLayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 10, height: 2)
        stage.show(bar)
        #expect(bar.contents == nil)
        bar.setValue(0.5, forKey: "progress")
        #expect(bar.needsDisplay())
        stage.tick(0.1)
        let image = try #require(bar.contents as? CGImage)
        #expect(imagePixel(image, 4, 0) == [0, 0, 255, 255] && imagePixel(image, 5, 0)[3] == 0)
    }

    @Test func redrawnContentsCrossFadeUnlessActionsAreOff() throws {
        let stage = Stage()
        let bar = ProgressLayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 10, height: 2)
        bar.setValue(0.2, forKey: "progress")
        stage.show(bar)
        bar.setValue(0.8, forKey: "progress")
        stage.tick(0.1)
        // The layer was on screen: its new drawing fades in through the contents action, as in Core Animation.
        #expect(bar.animation(forKey: "contents") != nil)
        #expect(stage.tick(0.2).sublayers?.last.flatMap { LayerState.contentsCrossfade($0._state.contents) } != nil)
        bar.actions = ["contents": NSNull()]
        bar.setValue(0.4, forKey: "progress")
        stage.tick(0.5)
        #expect(bar.animation(forKey: "contents") == nil)
    }

    @Test func aFlippedLayerDrawsWithTheOriginBottomLeft() throws {
        let stage = Stage()
        let drawer = DotDrawer()
        let layer = CALayer()
        layer.isGeometryFlipped = true
        layer.delegate = drawer
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        #expect(layer.contentsAreFlipped())
        layer.setNeedsDisplay()
        stage.show(layer)
        let image = try #require(layer.contents as? CGImage)
        #expect(imagePixel(image, 2, 17) == [255, 0, 0, 255] && imagePixel(image, 2, 2)[3] == 0)
    }

    /// A progress ring as iOS code draws one: a track circle, then the
    /// progress arc from 12 o'clock with a round cap.
    final class RingLayer: CALayer {
        var progress: CGFloat = 0 {
            didSet { setNeedsDisplay() }
        }
        let lineWidth: CGFloat = 6

        override func draw(in ctx: CGContext) {
            let center = CGPoint(x: bounds.midX, y: bounds.midY)
            let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2
            ctx.setLineWidth(lineWidth)
            ctx.setStrokeColor(CGColor(gray: 0.85, alpha: 1))
            ctx.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            ctx.strokePath()
            ctx.setStrokeColor(CGColor(red: 0, green: 0.6, blue: 0.3, alpha: 1))
            ctx.setLineCap(.round)
            ctx.addArc(
                center: center, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress,
                clockwise: false)
            ctx.strokePath()
        }
    }

    @Test func aProgressRingRunsClockwiseOnScreenFromTwelve() throws {
        let stage = Stage()
        let ring = RingLayer()
        ring.bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        ring.progress = 0.25
        stage.show(ring)
        let image = try #require(ring.contents as? CGImage)
        // The ring's middle is 27 from the centre. In the layer's y-down space, `clockwise: false`
        // (angles growing) turns clockwise on screen: 12 → 3 o'clock is progress, the rest track.
        let d = 27 / 2.squareRoot()
        func at(_ dx: Double, _ dy: Double) -> [Int] { imagePixel(image, Int(30 + dx), Int(30 + dy)) }
        #expect(close(at(d, -d), [0, 153, 77, 255], 2))  // 1:30
        #expect(close(at(-d, -d), [217, 217, 217, 255], 2))  // 10:30
        #expect(close(at(d, d), [217, 217, 217, 255], 2))  // 4:30
        #expect(at(0, 0)[3] == 0)
    }
}
