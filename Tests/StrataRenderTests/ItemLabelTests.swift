import Foundation
import Strata
import Testing
import _StrataTestSupport

@testable import StrataRender

@Suite struct ItemLabelTests {
    /// The label is one word in the padding after `kind`, not a 16-byte string
    /// after it (with `label: String` DrawItem was 385 bytes, the mapping at 24).
    @Test func aLabelIsOneWordBesideTheKind() {
        #expect(MemoryLayout<ItemLabel>.size == 4)
        #expect(MemoryLayout<DrawItem>.offset(of: \.label) == 4)
        #expect(MemoryLayout<DrawItem>.offset(of: \.mapping) == 8)
        #expect(MemoryLayout<DrawItem>.size == 379, "the mip flag in the tail")
        #expect(MemoryLayout<DrawItem>.stride == 384, "six cache lines")
    }

    @Test func labelsNameItemsButNeverTellThemApart() {
        var labels = ItemLabels()
        let card = labels.add("card"), other = labels.add("other")
        #expect(labels.text(of: card) == "card" && labels.text(of: card.with(.border)) == "card.border")
        #expect(labels.text(of: other.with(.oldContents)) == "other.contents.old")
        #expect(labels.text(of: ItemLabel.none.with(.particles)) == ".particles")
        let rect = CGRect(x: 0, y: 0, width: 10, height: 10)
        let a = DrawItem(label: card, mapping: .identity, quad: rect, shape: rect)
        var b = a
        b.label = other.with(.shadow)
        #expect(a == b && a.hashValue == b.hashValue)
    }

    /// Renaming a layer changes the dump, not the list: no damage, the same pass cache keys.
    @Test func renamingALayerLeavesTheListTheSame() {
        func list(named name: String) -> RenderList {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            let card = CALayer()
            card.name = name
            card.frame = CGRect(x: 10, y: 10, width: 40, height: 30)
            card.backgroundColor = CGColor(gray: 0.5, alpha: 1)
            card.shouldRasterize = true
            root.addSublayer(card)
            return Flattener(size: CGSize(width: 100, height: 100)).renderList(for: root)
        }
        let before = list(named: "before"), after = list(named: "after")
        #expect(before.labels(of: before.passes[0].items) == ["before"])
        #expect(after.labels(of: after.passes[0].items) == ["after"])
        #expect(before.passes.map(\.cacheKey) == after.passes.map(\.cacheKey))
        #expect(before == after && after.damage(since: before) == [])
        #expect(before.dump() != after.dump())
    }
}
