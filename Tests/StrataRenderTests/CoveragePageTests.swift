import Foundation
import Strata
import Testing

@testable import StrataLayerRaster
@testable import StrataRender

/// The atlas keeps a bitmap of one opaque paint as coverage, in a page of its
/// own, and its instances carry the paint; other bitmaps stay RGBA.
@Suite struct CoveragePageTests {
    static func list(fill: CGColor, border: CGFloat = 0) -> RenderList {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 80, height: 50)
        shape.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 50), transform: nil)
        shape.fillColor = fill
        shape.borderWidth = border
        shape.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        root.addSublayer(shape)
        var flattener = Flattener(size: CGSize(width: 200, height: 100))
        flattener.rasterizer = ShapeLayerRasterizer()
        return flattener.renderList(for: root)
    }

    static func plan(_ list: RenderList) -> FramePlan {
        FrameBuilder().plan(list, into: FrameTarget(id: 1, width: 200, height: 100, keepsPixels: false))
    }

    @Test func anOpaquePaintsBitmapGoesToACoveragePage() throws {
        let plan = Self.plan(Self.list(fill: CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)))
        let uploads = plan.atlas.map(\.description)
        #expect(uploads.contains { $0.hasPrefix("coverage page") }, "\(uploads)")
        #expect(uploads.contains { $0.hasPrefix("coverage slot") }, "\(uploads)")
        #expect(!uploads.contains { $0.hasPrefix("slot") }, "\(uploads)")
        let tint = try #require(plan.instances.first?.tint)
        #expect([tint.0, tint.1, tint.2, tint.3] == [51, 102, 153, 255])
        // Its slot is uploaded as a byte per texel.
        var bytes = 0
        for upload in plan.atlas {
            if case .coverageSlot = upload {
                upload.forEachRegion { _, _, _, width, height, pixels in
                    #expect(pixels.count == width * height)
                    bytes += pixels.count
                }
            }
        }
        #expect(bytes > 82 * 52)
        // The frame's stats count the same bytes.
        #expect(plan.stats.uploadedBytes == bytes)
    }

    @Test func otherBitmapsStayRGBA() throws {
        // A translucent paint, and an item that also draws a border (which the tint would colour).
        for list in [
            Self.list(fill: CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)),
            Self.list(fill: CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1), border: 2),
        ] {
            let plan = Self.plan(list)
            let uploads = plan.atlas.map(\.description)
            #expect(!uploads.contains { $0.hasPrefix("coverage") }, "\(uploads)")
            #expect(uploads.contains { $0.hasPrefix("slot") }, "\(uploads)")
            // Four bytes a texel.
            var bytes = 0
            for upload in plan.atlas {
                if case .slot = upload { upload.forEachRegion { _, _, _, _, _, pixels in bytes += pixels.count } }
            }
            #expect(plan.stats.uploadedBytes == bytes && bytes > 82 * 52 * 4, "\(plan.stats.uploadedBytes)")
            let tints = plan.instances.map { [$0.tint.0, $0.tint.1, $0.tint.2, $0.tint.3] }
            #expect(tints.allSatisfy { $0 == [255, 255, 255, 255] }, "\(tints)")
        }
    }
}
