import Foundation

/// One key of a layer class: the kind of its value, how to read and write its
/// stored value (no actions: what animations write into presentation copies)
/// and how to set it through its public setter (with actions: what KVC does).
///
/// A class: animations reach their property every frame, and copying a
/// struct of this many closures would retain and release each of them.
final class LayerProperty {
    let key: String
    let kind: ValueKind
    /// Whether Core Animation animates changes of the key (implicit actions need it too).
    let isAnimatable: Bool
    let get: (CALayer) -> AnimValue
    let setStored: (CALayer, AnimValue) -> Void
    let setPublic: (CALayer, AnimValue) -> Void
    /// The value as KVC returns it.
    let box: (AnimValue) -> Any?
    /// A KVC argument as a value of this key (nil: not one).
    let unbox: (Any?) -> AnimValue?
    /// For a transform-valued key, its stored matrix read and written
    /// directly: an animated transform part (`transform.rotation.y`) goes
    /// through it every frame without boxing whole matrices as values.
    let matrix: LayerPropertyTable.Stored<CALayer, CATransform3D>?
    /// Whether the key is one of your own, kept with the layer's extra values:
    /// nothing draws it unless the class redisplays for it.
    var isKeyOfYourOwn = false
    /// For a plain-data field of `LayerState`, its bytes (nil: not plain data,
    /// or not in `LayerState`).
    let stateSpan: StateSpan?
    /// For any field of `LayerState` (plain data or not), its bytes.
    let fieldSpan: StateSpan?
    /// For a number (or Bool) field of `LayerState`, where it lies and its type.
    let stateNumber: StateNumberField?

    init(
        key: String, kind: ValueKind, isAnimatable: Bool, get: @escaping (CALayer) -> AnimValue,
        setStored: @escaping (CALayer, AnimValue) -> Void, setPublic: @escaping (CALayer, AnimValue) -> Void,
        box: @escaping (AnimValue) -> Any?, unbox: @escaping (Any?) -> AnimValue?,
        matrix: LayerPropertyTable.Stored<CALayer, CATransform3D>? = nil,
        stateSpan: StateSpan? = nil,
        fieldSpan: StateSpan? = nil, stateNumber: StateNumberField? = nil
    ) {
        self.key = key; self.kind = kind; self.isAnimatable = isAnimatable
        self.get = get; self.setStored = setStored; self.setPublic = setPublic
        self.box = box; self.unbox = unbox; self.matrix = matrix
        self.stateSpan = stateSpan
        self.fieldSpan = fieldSpan
        self.stateNumber = stateNumber
    }

    /// The property for `key` on `layer`'s class, or nil when `key` is not one.
    static func named(_ key: String, of layer: CALayer) -> LayerProperty? {
        if layer is CAShapeLayer, let p = LayerPropertyTable.shape[key] { return p }
        if layer is CAGradientLayer, let p = LayerPropertyTable.gradient[key] { return p }
        if layer is CATextLayer, let p = LayerPropertyTable.text[key] { return p }
        if layer is CAReplicatorLayer, let p = LayerPropertyTable.replicator[key] { return p }
        if layer is CAEmitterLayer, let p = EmitterProperties.named(key) { return p }
        return LayerPropertyTable.layer[key]
    }
}
