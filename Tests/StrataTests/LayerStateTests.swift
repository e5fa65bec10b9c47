import Foundation
import Testing

@testable import Strata

// Every key of the layer tables reaches its own field of the layer's state
// value: set through the table, a key's new value is read back by its public
// property, copied whole by `init(layer:)`, and put back by the in-place
// refresh of reused presentation copies (`LayerProperty.restore`), while the
// other keys keep their defaults.

@Suite("Layer state")
struct LayerStateTests {
    /// Each Strata class with a table of its own, its keys, and its `init(layer:)`.
    static var classes: [(CALayer.Type, [String: LayerProperty], (CALayer) -> CALayer)] {
        [
            (CALayer.self, LayerPropertyTable.layer, { CALayer(layer: $0) }),
            (CAGradientLayer.self, LayerPropertyTable.gradient, { CAGradientLayer(layer: $0) }),
            (CAShapeLayer.self, LayerPropertyTable.shape, { CAShapeLayer(layer: $0) }),
            (CATextLayer.self, LayerPropertyTable.text, { CATextLayer(layer: $0) }),
            (CAReplicatorLayer.self, LayerPropertyTable.replicator, { CAReplicatorLayer(layer: $0) }),
            (
                CAEmitterLayer.self, EmitterProperties.layer.filter { $0.key != "emitterCells" },
                { CAEmitterLayer(layer: $0) }
            ),
        ]
    }

    /// A value of `kind` different from `current`, or nil for a kind this test does not vary.
    static func changed(_ current: AnimValue, kind: ValueKind) -> AnimValue? {
        switch (kind, current) {
        case (.number, .number(let n)): return .number(n + 2)
        case (.point, .point(let p)): return .point(CGPoint(x: p.x + 2, y: p.y + 3))
        case (.size, .size(let s)): return .size(CGSize(width: s.width + 2, height: s.height + 3))
        case (.rect, .rect(let r)): return .rect(CGRect(x: r.minX + 1, y: r.minY + 2, width: r.width + 3, height: 4))
        case (.transform, .transform(let t)): return .transform(CATransform3DTranslate(t, 2, 3, 4))
        case (.color, _): return .color(CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))
        case (.path, _): return .path(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil))
        case (.numbers, _): return .numbers([0.125, 0.875])
        case (.colors, _): return .colors([CGColor(gray: 0.5, alpha: 1), CGColor(gray: 1, alpha: 1)])
        case (.discrete, .discrete(let d)):
            if let b = d.value as? Bool { return .other(!b) }
            return nil
        default: return nil
        }
    }

    static func same(_ a: AnimValue, _ b: AnimValue) -> Bool {
        if case .discrete(let x) = a, case .discrete(let y) = b { return "\(x.value as Any)" == "\(y.value as Any)" }
        return "\(a)" == "\(b)"
    }

    @Test(arguments: 0..<6)
    func everyKeyHasItsOwnFieldAndIsCopied(_ index: Int) throws {
        let (layerClass, table, copy) = Self.classes[index]
        var varied = 0
        for (key, property) in table.sorted(by: { $0.key < $1.key }) {
            let model = copy(CALayer())
            let pristine = copy(CALayer())
            let before = property.get(model)
            guard let value = Self.changed(before, kind: property.kind) else { continue }
            property.setStored(model, value)
            let after = property.get(model)
            #expect(!Self.same(after, before), "\(layerClass).\(key) did not change")
            // The public property reads the same field.
            let boxed = model.value(forKey: key)
            #expect(
                "\(property.box(after) as Any)" == "\(boxed as Any)", "\(layerClass).\(key): KVC reads another value")
            // No other key moved.
            for (other, otherProperty) in table where other != key {
                #expect(
                    Self.same(otherProperty.get(model), otherProperty.get(pristine)),
                    "setting \(layerClass).\(key) changed \(other)")
            }
            // Copies have it.
            let copied = copy(model)
            #expect(Self.same(property.get(copied), after), "init(layer:) lost \(layerClass).\(key)")
            varied += 1
        }
        #expect(varied >= table.count / 2, "only \(varied) of \(table.count) keys of \(layerClass) were tried")
    }

    @Test func copyingAssignsTheWholeState() {
        let model = CAShapeLayer()
        model.bounds = CGRect(x: 0, y: 0, width: 30, height: 20)
        model.opacity = 0.25
        model.beginTime = 3
        model.lineWidth = 7
        model.strokeEnd = 0.5
        let copy = CAShapeLayer(layer: model)
        #expect(copy.bounds == model.bounds)
        #expect(copy.opacity == 0.25)
        #expect(copy.beginTime == 3)
        #expect(copy.lineWidth == 7)
        #expect(copy.strokeEnd == 0.5)
    }
}
