import Foundation

/// A layer that emits, moves and draws particles: its `emitterCells` say
/// what kinds, its own properties where from and how many.
///
/// The particles are drawn above the layer's background, contents and
/// border. The simulation runs on the layer's time, starting at its local
/// time 0 (set `beginTime = CACurrentMediaTime()` to start a burst now), and
/// is a function of that time: each particle's motion is in closed form
/// from its birth, and every random value comes from the `seed`, the
/// particle's birth and its cell, so the same seed and time always give the
/// same particles, whichever frames were drawn before.
///
/// Changes to the layer's emission properties and to its cells take effect
/// for the particles born after them; their times are recorded once the
/// layer has been drawn, so a change replayed at the same time gives the
/// same particles.
open class CAEmitterLayer: CALayer {
    @exclusivity(unchecked) package final var _emitter = EmitterLayerValues()
    @exclusivity(unchecked) package var _emitterCells: [CAEmitterCell]? = nil
    /// The emission states over time and the animations of them (model layers only).
    var _history = EmitterHistory()
    /// A presentation copy's emission, as sampled at its time.
    var _emission: EmitterFrame? = nil
    /// Whether the layer's particles are drawn as a `ParticleBatch` where
    /// it can draw them (default), or each as its own item (the reference
    /// the batch is tested against).
    @exclusivity(unchecked) package final var _batchesParticles = true

    public override init() {
        super.init()
        _changesWithTime = true
    }

    override func strataCopy() -> CALayer { CAEmitterLayer(layer: self) }
    override package var contentKind: LayerContent.Kind { .emitter }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        _changesWithTime = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)  // copies this class's properties too (copyProperties)
        _changesWithTime = true
    }

    override func copyProperties(from other: CALayer) {
        super.copyProperties(from: other)
        guard let o = other as? CAEmitterLayer else { return }
        _emitter = o._emitter
        // Copies of the cells: animations of `emitterCells.NAME.key` write into
        // a presentation copy's, and a layer copied for a scene owns its own.
        attachCells(o._emitterCells?.map { $0.deepCopy() })
        _emission = o._emission
        _batchesParticles = o._batchesParticles
    }

    // MARK: - Cells

    /// The kinds of particle the layer emits.
    open var emitterCells: [CAEmitterCell]? {
        get { withStateLock { _emitterCells } }
        set {
            changeValue(forKey: "emitterCells") {
                attachCells(newValue)
                recordEmissionChange()
            }
        }
    }

    /// Makes `cells` the layer's, telling them whom to report their changes to (no action, no record).
    package func attachCells(_ cells: [CAEmitterCell]?) {
        for cell in _emitterCells ?? [] { cell.removeOwner(self) }
        _emitterCells = cells
        for cell in cells ?? [] { cell._owners.append(WeakEmitterOwner(self)) }
    }

    // MARK: - Multipliers

    /// Multiplies every cell's `birthRate`. Default 1.
    open var birthRate: Float {
        get { withStateLock { _emitter.birthRate } }
        set { changeEmission(forKey: "birthRate") { $0.birthRate = newValue } }
    }
    /// Multiplies the lifetime of the particles born (not of those alive). Default 1.
    open var lifetime: Float {
        get { withStateLock { _emitter.lifetime } }
        set { changeEmission(forKey: "lifetime") { $0.lifetime = newValue } }
    }
    /// Multiplies every cell's `velocity`. Default 1.
    open var velocity: Float {
        get { withStateLock { _emitter.velocity } }
        set { changeEmission(forKey: "velocity") { $0.velocity = newValue } }
    }
    /// Multiplies every cell's `scale`. Default 1.
    open var scale: Float {
        get { withStateLock { _emitter.scale } }
        set { changeEmission(forKey: "scale") { $0.scale = newValue } }
    }
    /// Multiplies every cell's `spin`. Default 1.
    open var spin: Float {
        get { withStateLock { _emitter.spin } }
        set { changeEmission(forKey: "spin") { $0.spin = newValue } }
    }

    // MARK: - Emitter shape

    /// The centre of the emitter shape, in the layer's coordinates.
    open var emitterPosition: CGPoint {
        get { withStateLock { _emitter.emitterPosition } }
        set { changeEmission(forKey: "emitterPosition") { $0.emitterPosition = newValue } }
    }
    /// The z of the emitter shape's centre.
    open var emitterZPosition: CGFloat {
        get { withStateLock { _emitter.emitterZPosition } }
        set { changeEmission(forKey: "emitterZPosition") { $0.emitterZPosition = newValue } }
    }
    /// The size of the emitter shape (a circle's or sphere's radius is its width).
    open var emitterSize: CGSize {
        get { withStateLock { _emitter.emitterSize } }
        set { changeEmission(forKey: "emitterSize") { $0.emitterSize = newValue } }
    }
    /// The depth of a cuboid emitter shape.
    open var emitterDepth: CGFloat {
        get { withStateLock { _emitter.emitterDepth } }
        set { changeEmission(forKey: "emitterDepth") { $0.emitterDepth = newValue } }
    }
    /// The shape particles are emitted from. Default `point`.
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { withStateLock { _emitter.emitterShape } }
        set { changeEmission(forKey: "emitterShape") { $0.emitterShape = newValue } }
    }
    /// Which part of the shape particles start from. Default `volume`.
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { withStateLock { _emitter.emitterMode } }
        set { changeEmission(forKey: "emitterMode") { $0.emitterMode = newValue } }
    }

    // MARK: - Drawing

    /// How particles are ordered and composited. Default `unordered`.
    open var renderMode: CAEmitterLayerRenderMode {
        get { withStateLock { _emitter.renderMode } }
        set { changeEmission(forKey: "renderMode") { $0.renderMode = newValue } }
    }
    /// Whether particles keep their z, living in the 3D space of the layer's
    /// superlayer (perspective applies to each), instead of being flattened
    /// into the layer's plane. Default false.
    open var preservesDepth: Bool {
        get { withStateLock { _emitter.preservesDepth } }
        set { changeEmission(forKey: "preservesDepth") { $0.preservesDepth = newValue } }
    }
    /// The seed of the layer's random values: the same seed and time give the same particles.
    open var seed: UInt32 {
        get { withStateLock { _emitter.seed } }
        set { changeEmission(forKey: "seed") { $0.seed = newValue } }
    }

    /// Changes an emission value as a property change (actions, implicit
    /// animation) and records the new emission state at the current time.
    private func changeEmission(forKey key: String, _ apply: (inout EmitterLayerValues) -> Void) {
        changeValue(forKey: key) {
            apply(&_emitter)
            recordEmissionChange()
        }
    }
}
