import Foundation
import Strata
import Testing

@testable import StrataRender

/// A clip whose plane differs from its item's by a scale and a translation, and
/// whose cut is again a rounded rectangle, becomes the item's shape.
@Suite struct ClipFoldTests {
    /// A 100 × 80 panel at (10, 10) masking to its bounds with `cornerRadius`, holding `child`.
    func items(cornerRadius: CGFloat, _ child: CALayer, folds: Bool = true) -> [DrawItem] {
        let root = canvasRoot(CGSize(width: 200, height: 100))
        clippingPanel(cornerRadius: cornerRadius, in: root).addSublayer(child)
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.foldsClips = folds
        return flattener.renderList(for: root).screen.items
    }

    @Test func aRoundedParentBecomesTheShapeOfAChildThatFillsIt() throws {
        // An avatar: the image layer is larger than its rounded mask.
        let child = makeLayer(
            "photo", bounds: CGRect(x: 0, y: 0, width: 120, height: 100), position: CGPoint(x: 50, y: 40))
        let item = try #require(items(cornerRadius: 16, child).first)
        #expect(item.clip == -1)
        // The panel's bounds in the child's plane: the child's origin sits at (-10, -10) of the panel.
        #expect(item.shape == CGRect(x: 10, y: 10, width: 100, height: 80))
        #expect(item.radii == CornerRadii(minXMinY: 16, maxXMinY: 16, maxXMaxY: 16, minXMaxY: 16))
        #expect(item.antialiasedEdges == 0b1111)
        // The quad keeps to the new shape and its ramp.
        #expect(item.quad.minX >= 8 && item.quad.maxX <= 112 && item.quad.minY >= 8 && item.quad.maxY <= 92)
        let unfolded = try #require(items(cornerRadius: 16, child, folds: false).first)
        #expect(unfolded.clip >= 0 && unfolded.radii.isZero)
    }

    @Test func aSquareClipCutsToTheOverlap() throws {
        // Across the panel's right edge: the part inside is the overlap of the two rectangles.
        let child = makeLayer(
            "across", bounds: CGRect(x: 0, y: 0, width: 30, height: 20), position: CGPoint(x: 95, y: 40))
        let item = try #require(items(cornerRadius: 0, child).first)
        #expect(item.clip == -1)
        #expect(item.shape == CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(item.radii.isZero)
    }

    @Test func aScaledChildTakesTheRadiusInItsOwnUnits() throws {
        let child = makeLayer(
            "scaled", bounds: CGRect(x: 0, y: 0, width: 60, height: 50), position: CGPoint(x: 50, y: 40))
        child.transform = CATransform3DMakeScale(2, 2, 1)
        let item = try #require(items(cornerRadius: 20, child).first)
        #expect(item.clip == -1)
        // The child's origin sits at (-10, -10) of the panel at scale 2: the panel's (0, 0)…(100, 80)
        // is (5, 5)…(55, 45) in the child's units, and its radius half.
        #expect(abs(item.shape.minX - 5) < 1e-9 && abs(item.shape.width - 50) < 1e-9)
        #expect(abs(item.shape.minY - 5) < 1e-9 && abs(item.shape.height - 40) < 1e-9)
        #expect(abs(item.radii.minXMinY - 10) < 1e-9)
    }

    @Test func whatTheFoldCannotDrawKeepsItsClip() throws {
        // Turned: the clip's edges are not the item's axes.
        let turned = makeLayer(
            "turned", bounds: CGRect(x: 0, y: 0, width: 120, height: 100), position: CGPoint(x: 50, y: 40))
        turned.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        #expect(try #require(items(cornerRadius: 16, turned).first).clip >= 0)
        // A border is not cut as a shape is.
        let bordered = makeLayer(
            "bordered", bounds: CGRect(x: 0, y: 0, width: 120, height: 100), position: CGPoint(x: 50, y: 40))
        bordered.borderWidth = 4
        bordered.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(items(cornerRadius: 16, bordered).allSatisfy { $0.clip >= 0 })
        // A rounded child: two rounded rectangles do not make one.
        let rounded = makeLayer(
            "rounded", bounds: CGRect(x: 0, y: 0, width: 120, height: 100), position: CGPoint(x: 50, y: 40))
        rounded.cornerRadius = 8
        #expect(try #require(items(cornerRadius: 16, rounded).first).clip >= 0)
        // Stretched one way: the clip's round corners would be elliptical.
        let stretched = makeLayer(
            "stretched", bounds: CGRect(x: 0, y: 0, width: 60, height: 100), position: CGPoint(x: 50, y: 40))
        stretched.transform = CATransform3DMakeScale(2, 1, 1)
        #expect(try #require(items(cornerRadius: 16, stretched).first).clip >= 0)
        // A rounded clip that does not lie inside the child's square shape.
        let small = makeLayer(
            "small", bounds: CGRect(x: 0, y: 0, width: 30, height: 20), position: CGPoint(x: 50, y: 70))
        #expect(try #require(items(cornerRadius: 16, small).first).clip >= 0)
    }

    @Test func mirroredAxesSwapTheCorners() throws {
        let child = makeLayer(
            "mirrored", bounds: CGRect(x: 0, y: 0, width: 120, height: 100), position: CGPoint(x: 50, y: 40))
        child.transform = CATransform3DMakeScale(-1, 1, 1)
        let root = canvasRoot(CGSize(width: 200, height: 100))
        let panel = clippingPanel(cornerRadius: 16, in: root)
        panel.maskedCorners = [.layerMinXMinYCorner]
        panel.addSublayer(child)
        let item = try #require(
            Flattener(size: CGSize(width: 200, height: 100)).renderList(for: root).screen.items.first)
        #expect(item.clip == -1)
        // The panel's top-left corner is the mirrored child's top-right.
        #expect(item.radii == CornerRadii(minXMinY: 0, maxXMinY: 16, maxXMaxY: 0, minXMaxY: 0))
    }
}
