import Foundation
import Strata
import StrataHost
import Testing

/// What a renderer keeps between frames stays bounded while what it draws changes.
@Suite struct RendererBudgetTests {
    /// A blurred shadow whose size and radius change every frame reuses the
    /// blur's scratch targets (sizes rounded up to 64 pixels): it used to
    /// leave one behind per exact size.
    @Test func blurScratchTargetsAreSharedAcrossSizes() throws {
        let renderer = try OffscreenRenderer(width: 96, height: 96)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 96, height: 96)
        let star = CAShapeLayer()
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 10), CGPoint(x: 10, y: 40)])
        path.closeSubpath()
        star.path = path
        star.shadowOpacity = 1
        root.addSublayer(star)
        var blurs = 0
        for i in 0..<32 {
            // Each look holds for two frames, so its blurred silhouette is a
            // cached pass (sized exactly) as well as a pooled one.
            star.frame = CGRect(x: 20, y: 20, width: 20 + CGFloat(i / 2 * 3), height: 20 + CGFloat(i / 2 * 2))
            star.shadowRadius = 1 + CGFloat(i / 2) / 2
            star.position.x = 40 + CGFloat(i % 2)
            blurs += try renderer.render(root, size: CGSize(width: 96, height: 96)).stats.blurs
        }
        #expect(blurs >= 16)
        #expect(renderer.resources.blurScratch <= 2)
    }
}
