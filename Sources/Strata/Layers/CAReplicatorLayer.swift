import Foundation

/// A layer that draws its sublayers `instanceCount` times, each copy
/// transformed, delayed and tinted a step further than the one before.
///
/// Instance 0 is the sublayers as they are; instance k is drawn
/// - through `instanceTransform` applied k times, about the centre of the
///   replicator's bounds (and then the replicator's `sublayerTransform`, as
///   any sublayer is);
/// - with the sublayers' animations k × `instanceDelay` seconds later: what
///   the sublayers showed k × `instanceDelay` ago;
/// - with every colour it draws (backgrounds, borders, shadows, contents,
///   gradients, paths, text) multiplied by `instanceColor` plus k times the
///   colour offsets, each component clamped to 0...1.
///
/// Instances are not layers: hit testing, `sublayers` and `presentation()`
/// see only the real sublayers (instance 0), as in Core Animation. The
/// renderer draws the sublayers once per instance with that instance's matrix
/// and colour; it copies nothing per instance, except that with an
/// `instanceDelay` each instance's animated layers are sampled at their own
/// time (unanimated ones are shared by every instance).
///
/// With `preservesDepth` false (the default) the instances are flattened into
/// the replicator's plane, as a plain layer flattens its sublayers; with true
/// they stay in one 3D space with each other and with the 3D context the
/// replicator is in (as a `CATransformLayer`'s sublayers do, and the
/// replicator's own background and border are a plane of that space), and
/// its `opacity` applies to each instance's layers instead of the group.
open class CAReplicatorLayer: CALayer {
    /// This class's own properties (see `LayerState`); `final` and unchecked as `_state` is.
    @exclusivity(unchecked) package final var _replicator = ReplicatorLayerState()

    /// For a presentation copy with an `instanceDelay`: the sublayers of
    /// instances 1, 2, … sampled at their own times (entry k − 1 is instance
    /// k's). Nil when every instance shows the same sublayers. Not a model
    /// property: never copied.
    var _delayedInstances: [[CALayer]]?

    public override init() { super.init() }

    override func strataCopy() -> CALayer { CAReplicatorLayer(layer: self) }
    override package var contentKind: LayerContent.Kind { .replicator }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    public override init(layer: Any) {
        super.init(layer: layer)  // copies this class's properties too (copyProperties)
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAReplicatorLayer else { return }
        _replicator = o._replicator
    }

    /// The number of copies drawn, the sublayers themselves included (default 1: no extra copies).
    open var instanceCount: Int {
        get { withStateLock { _replicator.instanceCount } }
        set { changeValue(forKey: "instanceCount") { _replicator.instanceCount = newValue } }
    }
    /// Whether the instances share one 3D space (true) or are flattened into this layer's plane (false, the default).
    open var preservesDepth: Bool {
        get { withStateLock { _replicator.preservesDepth } }
        set { changeValue(forKey: "preservesDepth") { _replicator.preservesDepth = newValue } }
    }
    /// Seconds between the instances' animations: instance k runs k × `instanceDelay` behind the sublayers. Animatable.
    open var instanceDelay: CFTimeInterval {
        get { withStateLock { _replicator.instanceDelay } }
        set { changeValue(forKey: "instanceDelay") { _replicator.instanceDelay = newValue } }
    }
    /// The transform applied to instance k − 1 to make instance k, about the centre of this layer's bounds. Animatable.
    open var instanceTransform: CATransform3D {
        get { withStateLock { _replicator.instanceTransform } }
        set { changeValue(forKey: "instanceTransform") { _replicator.instanceTransform = newValue } }
    }
    /// The colour instance 0's colours are multiplied by (default opaque white; nil means white). Animatable.
    open var instanceColor: CGColor? {
        get { withStateLock { _replicator.instanceColor } }
        set { changeValue(forKey: "instanceColor") { _replicator.instanceColor = newValue } }
    }
    /// Added to the red component of the multiplying colour from each instance to the next. Animatable.
    open var instanceRedOffset: Float {
        get { withStateLock { _replicator.instanceRedOffset } }
        set { changeValue(forKey: "instanceRedOffset") { _replicator.instanceRedOffset = newValue } }
    }
    /// Added to the green component of the multiplying colour from each instance to the next. Animatable.
    open var instanceGreenOffset: Float {
        get { withStateLock { _replicator.instanceGreenOffset } }
        set { changeValue(forKey: "instanceGreenOffset") { _replicator.instanceGreenOffset = newValue } }
    }
    /// Added to the blue component of the multiplying colour from each instance to the next. Animatable.
    open var instanceBlueOffset: Float {
        get { withStateLock { _replicator.instanceBlueOffset } }
        set { changeValue(forKey: "instanceBlueOffset") { _replicator.instanceBlueOffset = newValue } }
    }
    /// Added to the alpha component of the multiplying colour from each instance to the next. Animatable.
    open var instanceAlphaOffset: Float {
        get { withStateLock { _replicator.instanceAlphaOffset } }
        set { changeValue(forKey: "instanceAlphaOffset") { _replicator.instanceAlphaOffset = newValue } }
    }
}
