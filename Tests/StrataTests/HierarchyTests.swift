import Foundation
import Testing

@testable import Strata

@Suite struct HierarchyTests {
    func named(_ names: String...) -> [CALayer] {
        names.map {
            let l = CALayer(); l.name = $0; return l
        }
    }

    func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    @Test func addAndInsert() {
        let root = CALayer()
        let l = named("a", "b", "c", "d", "e")
        #expect(root.sublayers == nil)
        root.addSublayer(l[0])
        root.addSublayer(l[1])
        #expect(names(root) == ["a", "b"])
        #expect(l[0].superlayer === root)
        root.insertSublayer(l[2], at: 0)
        #expect(names(root) == ["c", "a", "b"])
        root.insertSublayer(l[3], at: 99)  // clamped to the end
        #expect(names(root) == ["c", "a", "b", "d"])
        root.insertSublayer(l[4], below: l[1])
        #expect(names(root) == ["c", "a", "e", "b", "d"])
        root.insertSublayer(l[2], above: l[1])  // moving within the same superlayer
        #expect(names(root) == ["a", "e", "b", "c", "d"])
        root.insertSublayer(l[3], below: l[0])
        #expect(names(root) == ["d", "a", "e", "b", "c"])
        // Moving a sublayer up by index: like CA::Layer::insert_sublayer, the index counts
        // the layer's old place, so it lands one lower (index 2 here).
        root.insertSublayer(l[3], at: 3)
        #expect(names(root) == ["a", "e", "d", "b", "c"])
        // No sibling: below goes to the bottom, above to the top.
        root.insertSublayer(l[1], below: nil)
        #expect(names(root) == ["b", "a", "e", "d", "c"])
        root.insertSublayer(l[1], above: nil)
        #expect(names(root) == ["a", "e", "d", "c", "b"])
        #expect(root.sublayers?.count == 5)
    }

    @Test func addingMovesBetweenSuperlayers() {
        let (p, q) = (CALayer(), CALayer())
        let x = named("x")[0]
        p.addSublayer(x)
        q.addSublayer(x)
        #expect(p.sublayers == nil)
        #expect(x.superlayer === q)
        #expect(names(q) == ["x"])
    }

    @Test func replaceAndRemove() {
        let root = CALayer()
        let l = named("a", "b", "c", "n")
        root.sublayers = [l[0], l[1], l[2]]
        root.replaceSublayer(l[1], with: l[3])
        #expect(names(root) == ["a", "n", "c"])
        #expect(l[1].superlayer == nil && l[3].superlayer === root)
        // Replacing with a sibling moves the sibling into the old one's place.
        root.replaceSublayer(l[2], with: l[0])
        #expect(names(root) == ["n", "a"])
        l[3].removeFromSuperlayer()
        #expect(names(root) == ["a"])
        #expect(l[3].superlayer == nil)
        l[3].removeFromSuperlayer()  // no superlayer: nothing happens
        l[0].removeFromSuperlayer()
        #expect(root.sublayers == nil)
    }

    @Test func sublayersSetter() {
        let root = CALayer(), other = CALayer()
        let l = named("a", "b", "c")
        other.addSublayer(l[2])
        root.sublayers = [l[0], l[1]]
        #expect(names(root) == ["a", "b"])
        root.sublayers = [l[1], l[2]]  // a leaves, c moves over from other
        #expect(names(root) == ["b", "c"])
        #expect(l[0].superlayer == nil && l[2].superlayer === root && other.sublayers == nil)
        root.layoutIfNeeded()
        root.sublayers = nil
        #expect(root.sublayers == nil)
        #expect(l[1].superlayer == nil && l[2].superlayer == nil)
        #expect(root.needsLayout())  // clearing the sublayers is a change too
        root.sublayers = []
        #expect(root.sublayers == nil)
    }

    @Test func maskLinks() {
        let (a, b) = (CALayer(), CALayer())
        let m = named("m")[0]
        a.mask = m
        #expect(a.mask === m)
        #expect(m.superlayer == nil)  // a mask has no superlayer
        #expect(m.isDescendant(of: a))
        #expect(m.rootLayer === a)
        // Setting the same mask again keeps it.
        a.mask = m
        #expect(a.mask === m)
        // Moving it to another layer takes it from the first.
        b.mask = m
        #expect(a.mask == nil && b.mask === m)
        // removeFromSuperlayer detaches a mask.
        m.removeFromSuperlayer()
        #expect(b.mask == nil)
        // A sublayer made a mask leaves the sublayers; a mask added as a sublayer stops masking.
        a.addSublayer(m)
        a.mask = m
        #expect(a.sublayers == nil && a.mask === m)
        b.addSublayer(m)
        #expect(a.mask == nil && m.superlayer === b)
        a.mask = nil
        #expect(a.mask == nil)
    }

    @Test func descendants() {
        let (root, child, grandchild, stranger) = (CALayer(), CALayer(), CALayer(), CALayer())
        root.addSublayer(child)
        child.addSublayer(grandchild)
        #expect(grandchild.isDescendant(of: root))
        #expect(grandchild.isDescendant(of: grandchild))
        #expect(!root.isDescendant(of: grandchild))
        #expect(!stranger.isDescendant(of: root))
        #expect(grandchild.rootLayer === root)
        #expect(CALayer.commonAncestor(grandchild, child) === child)
    }

    // Programmer mistakes stop the process; exit tests run them in a child process.
    @Test func addingAnAncestorIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let root = CALayer(), child = CALayer()
            root.addSublayer(child)
            child.addSublayer(root)
        }
        await #expect(processExitsWith: .failure) {
            let layer = CALayer()
            layer.addSublayer(layer)
        }
        await #expect(processExitsWith: .failure) {
            let root = CALayer(), child = CALayer()
            root.addSublayer(child)
            child.mask = root
        }
        await #expect(processExitsWith: .failure) {
            let layer = CALayer()
            layer.mask = layer
        }
        await #expect(processExitsWith: .failure) {
            let (root, stranger) = (CALayer(), CALayer())
            root.replaceSublayer(stranger, with: CALayer())
        }
    }
}
