import Foundation
import Testing

@testable import Strata

/// Patterns as iOS code sets them up: a callback drawing the cell, a pattern
/// colour space, `setFillPattern` with the alpha (or colour) components.
@Suite("CGContext patterns")
struct CGPatternTests {
    /// A 4×4 cell with its lower-left 2×2 painted red (a checker quarter).
    func quarterPattern(colored: Bool) -> CGPattern {
        let drawCell: CGPatternDrawPatternCallback = { _, context in
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: drawCell, releaseInfo: nil)
        return CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 4, height: 4), matrix: .identity,
            xStep: 4, yStep: 4, tiling: .constantSpacing, isColored: colored, callbacks: &callbacks)!
    }

    @Test func aColouredPatternRepeatsItsCellInBaseSpace() {
        let ctx = rgbaContext(8, 8)
        ctx.setFillColorSpace(CGColorSpace(patternBaseSpace: nil)!)
        var alpha: CGFloat = 1
        ctx.setFillPattern(quarterPattern(colored: true), colorComponents: &alpha)
        // The CTM does not move the pattern: it is anchored to the context's base space.
        ctx.translateBy(x: 1, y: 0)
        ctx.fill(CGRect(x: -1, y: 0, width: 8, height: 8))
        // User y 0…2 is the bottom two rows (6, 7); again at 4…6 (rows 2, 3).
        for (x, row) in [(0, 7), (1, 6), (4, 7), (5, 6), (0, 3), (5, 2)] {
            #expect(pixel(ctx, x, row) == [255, 0, 0, 255], "\(x), \(row)")
        }
        for (x, row) in [(2, 7), (3, 6), (0, 5), (1, 4), (6, 3), (0, 0)] {
            #expect(pixel(ctx, x, row) == [0, 0, 0, 0], "\(x), \(row)")
        }
        // A colour replaces the pattern.
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: -1, y: 0, width: 8, height: 8))
        #expect(pixel(ctx, 2, 7) == [0, 0, 255, 255])
    }

    @Test func anUncolouredPatternPaintsTheColourGivenWithIt() {
        let ctx = rgbaContext(8, 4)
        ctx.setFillColorSpace(CGColorSpace(patternBaseSpace: CGColorSpaceCreateDeviceRGB())!)
        var blue: [CGFloat] = [0, 0, 1, 1]
        ctx.setFillPattern(quarterPattern(colored: false), colorComponents: &blue)
        ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(pixel(ctx, 0, 3) == [0, 0, 255, 255] && pixel(ctx, 4, 2) == [0, 0, 255, 255])
        #expect(pixel(ctx, 2, 3) == [0, 0, 0, 0] && pixel(ctx, 0, 0) == [0, 0, 0, 0])
    }

    @Test func aStrokePatternAndItsAlphaAndMatrix() {
        let ctx = rgbaContext(8, 8)
        let drawCell: CGPatternDrawPatternCallback = { _, context in
            context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        var callbacks = CGPatternCallbacks(version: 0, drawPattern: drawCell, releaseInfo: nil)
        // A 1×1 cell every 2 units, scaled ×2 by its matrix: 2×2 green squares every 4 pixels.
        let pattern = CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 1, height: 1),
            matrix: CGAffineTransform(scaleX: 2, y: 2), xStep: 2, yStep: 2,
            tiling: .noDistortion, isColored: true, callbacks: &callbacks)!
        ctx.setStrokeColorSpace(CGColorSpace(patternBaseSpace: nil)!)
        var half: CGFloat = 0.5
        ctx.setStrokePattern(pattern, colorComponents: &half)
        ctx.setLineWidth(8)
        ctx.stroke(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(close(pixel(ctx, 0, 7), [0, 128, 0, 128]) && close(pixel(ctx, 1, 6), [0, 128, 0, 128]))
        #expect(pixel(ctx, 2, 7) == [0, 0, 0, 0] && pixel(ctx, 0, 5) == [0, 0, 0, 0])
        #expect(close(pixel(ctx, 4, 3), [0, 128, 0, 128]))
    }

    @Test func patternSpacesAndBadPatterns() {
        let space = CGColorSpace(patternBaseSpace: CGColorSpaceCreateDeviceGray())!
        #expect(space.model == .pattern && space.baseColorSpace?.model == .monochrome && space.numberOfComponents == 0)
        #expect(CGColorSpace(patternBaseSpace: space) == nil)
        var callbacks = CGPatternCallbacks()
        #expect(
            CGPattern(
                info: nil, bounds: .zero, matrix: .identity, xStep: 0, yStep: 0, tiling: .constantSpacing,
                isColored: true, callbacks: &callbacks) == nil)
        #expect(
            CGPattern(
                info: nil, bounds: CGRect(x: 0, y: 0, width: 1, height: 1), matrix: .identity,
                xStep: .infinity, yStep: 1, tiling: .constantSpacing, isColored: true,
                callbacks: &callbacks) == nil)
    }
}
