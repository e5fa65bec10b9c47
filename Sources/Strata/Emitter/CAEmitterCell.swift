import Foundation

/// One kind of particle an emitter layer emits: how many a second, how long
/// they live, how they move, turn, grow and change colour, what they look
/// like, and the sub-cells each particle emits in turn.
///
/// Values with a range are drawn per particle, uniformly from
/// `[mean − range/2, mean + range/2]` (the emitter's `seed` decides the
/// draws). A cell's values are read when a particle is born: changing them
/// changes the particles born from then on, not those alive.
///
/// A cell can be changed after it is attached, directly or through its
/// emitter's key paths (`emitterCells.NAME.birthRate`); both take effect at
/// the time of the change. Every read and write takes the transaction lock,
/// as a layer's do.
open class CAEmitterCell: NSObject, CAMediaTiming {
    @exclusivity(unchecked) package var _values = EmitterCellValues()
    @exclusivity(unchecked) package var _emitterCells: [CAEmitterCell]?
    var _style: [AnyHashable: Any]?
    /// Values set with `setValue(_:forKey:)` for keys that are not properties.
    var _extraValues: [String: Any] = [:]
    /// The emitter layers and cells this cell is attached to, told when it changes.
    @exclusivity(unchecked) package var _owners: [WeakEmitterOwner] = []

    /// A cell with Core Animation's defaults: no birth rate, no lifetime, scale 1, opaque white.
    public override init() { super.init() }

    /// A cell decoded from an archive, here so that subclasses written for iOS
    /// compile as they are. Strata does not archive cells; this makes one with the defaults.
    public required init?(coder: NSCoder) { super.init() }

    /// A copy of `snapshot`, with copies of its sub-cells, that nothing owns.
    init(snapshot: EmitterCellSnapshot) {
        _values = snapshot.values
        super.init()
        if !snapshot.subcells.isEmpty {
            let subs = snapshot.subcells.map { CAEmitterCell(snapshot: $0) }
            for sub in subs { sub._owners.append(WeakEmitterOwner(self)) }
            _emitterCells = subs
        }
    }

    /// The value at `path` of the stored values, under the lock.
    final subscript<T>(value path: WritableKeyPath<EmitterCellValues, T>) -> T {
        get { TransactionLock.shared.withLock { _values[keyPath: path] } }
        set {
            TransactionLock.shared.withLock {
                _values[keyPath: path] = newValue
                valuesDidChange()
            }
        }
    }

    // MARK: - Identity

    /// The cell's name: `emitterCells.NAME.key` key paths find the cell by it.
    open var name: String? {
        get { self[value: \.name] }
        set { self[value: \.name] = newValue }
    }
    /// Whether the cell emits (and draws) particles.
    open var isEnabled: Bool {
        get { self[value: \.isEnabled] }
        set { self[value: \.isEnabled] = newValue }
    }

    // MARK: - Emission

    /// Particles made per second (times the layer's `birthRate`). Default 0.
    open var birthRate: Float {
        get { self[value: \.birthRate] }
        set { self[value: \.birthRate] = newValue }
    }
    /// Mean seconds a particle lives (times the layer's `lifetime`). Default 0.
    open var lifetime: Float {
        get { self[value: \.lifetime] }
        set { self[value: \.lifetime] = newValue }
    }
    /// Range of `lifetime` across particles.
    open var lifetimeRange: Float {
        get { self[value: \.lifetimeRange] }
        set { self[value: \.lifetimeRange] = newValue }
    }
    /// The emission direction's angle from the layer's plane towards +z, in
    /// radians (0: in the plane).
    open var emissionLatitude: CGFloat {
        get { self[value: \.emissionLatitude] }
        set { self[value: \.emissionLatitude] = newValue }
    }
    /// The emission direction's angle in the layer's plane from the x axis,
    /// in radians (π/2 is +y, down on iOS). A sub-cell's is relative to its
    /// particle's direction of travel.
    open var emissionLongitude: CGFloat {
        get { self[value: \.emissionLongitude] }
        set { self[value: \.emissionLongitude] = newValue }
    }
    /// The full angle of the cone around the emission direction that particles
    /// are spread over uniformly, in radians (2π: every direction).
    open var emissionRange: CGFloat {
        get { self[value: \.emissionRange] }
        set { self[value: \.emissionRange] = newValue }
    }

    // MARK: - Motion

    /// Mean initial speed in points per second (times the layer's `velocity`).
    open var velocity: CGFloat {
        get { self[value: \.velocity] }
        set { self[value: \.velocity] = newValue }
    }
    /// Range of `velocity` across particles.
    open var velocityRange: CGFloat {
        get { self[value: \.velocityRange] }
        set { self[value: \.velocityRange] = newValue }
    }
    /// Acceleration along x, points per second².
    open var xAcceleration: CGFloat {
        get { self[value: \.xAcceleration] }
        set { self[value: \.xAcceleration] = newValue }
    }
    /// Acceleration along y (positive is down on iOS), points per second².
    open var yAcceleration: CGFloat {
        get { self[value: \.yAcceleration] }
        set { self[value: \.yAcceleration] = newValue }
    }
    /// Acceleration along z, points per second².
    open var zAcceleration: CGFloat {
        get { self[value: \.zAcceleration] }
        set { self[value: \.zAcceleration] = newValue }
    }
    /// Mean scale of the contents (times the layer's `scale`). Default 1.
    open var scale: CGFloat {
        get { self[value: \.scale] }
        set { self[value: \.scale] = newValue }
    }
    /// Range of `scale` across particles.
    open var scaleRange: CGFloat {
        get { self[value: \.scaleRange] }
        set { self[value: \.scaleRange] = newValue }
    }
    /// Change of scale per second of a particle's life.
    open var scaleSpeed: CGFloat {
        get { self[value: \.scaleSpeed] }
        set { self[value: \.scaleSpeed] = newValue }
    }
    /// Mean rotation speed in radians per second (times the layer's `spin`).
    open var spin: CGFloat {
        get { self[value: \.spin] }
        set { self[value: \.spin] = newValue }
    }
    /// Range of `spin` across particles.
    open var spinRange: CGFloat {
        get { self[value: \.spinRange] }
        set { self[value: \.spinRange] = newValue }
    }

    // MARK: - Colour

    /// Mean colour, multiplying the contents. Default opaque white.
    open var color: CGColor? {
        get { self[value: \.color] }
        set { self[value: \.color] = newValue }
    }
    /// Range of the red component across particles.
    open var redRange: Float {
        get { self[value: \.redRange] }
        set { self[value: \.redRange] = newValue }
    }
    /// Range of the green component across particles.
    open var greenRange: Float {
        get { self[value: \.greenRange] }
        set { self[value: \.greenRange] = newValue }
    }
    /// Range of the blue component across particles.
    open var blueRange: Float {
        get { self[value: \.blueRange] }
        set { self[value: \.blueRange] = newValue }
    }
    /// Range of the alpha component across particles.
    open var alphaRange: Float {
        get { self[value: \.alphaRange] }
        set { self[value: \.alphaRange] = newValue }
    }
    /// Change of the red component per second of a particle's life.
    open var redSpeed: Float {
        get { self[value: \.redSpeed] }
        set { self[value: \.redSpeed] = newValue }
    }
    /// Change of the green component per second of a particle's life.
    open var greenSpeed: Float {
        get { self[value: \.greenSpeed] }
        set { self[value: \.greenSpeed] = newValue }
    }
    /// Change of the blue component per second of a particle's life.
    open var blueSpeed: Float {
        get { self[value: \.blueSpeed] }
        set { self[value: \.blueSpeed] = newValue }
    }
    /// Change of alpha per second of a particle's life (negative fades particles out).
    open var alphaSpeed: Float {
        get { self[value: \.alphaSpeed] }
        set { self[value: \.alphaSpeed] = newValue }
    }

    // MARK: - Contents

    /// The particle's image: a `CGImage`, or nil (the cell then draws nothing
    /// and only emits its sub-cells).
    open var contents: Any? {
        get { self[value: \.contents] }
        set { self[value: \.contents] = newValue }
    }
    /// The part of the image drawn, in unit coordinates.
    open var contentsRect: CGRect {
        get { self[value: \.contentsRect] }
        set { self[value: \.contentsRect] = newValue }
    }
    /// Pixels of the image per point of the particle.
    open var contentsScale: CGFloat {
        get { self[value: \.contentsScale] }
        set { self[value: \.contentsScale] = newValue }
    }
    /// The filter for drawing the image smaller (a `CALayerContentsFilter` raw value).
    open var minificationFilter: String {
        get { self[value: \.minificationFilter] }
        set { self[value: \.minificationFilter] = newValue }
    }
    /// The filter for drawing the image larger (a `CALayerContentsFilter` raw value).
    open var magnificationFilter: String {
        get { self[value: \.magnificationFilter] }
        set { self[value: \.magnificationFilter] = newValue }
    }
    /// The level-of-detail bias of the minification filter.
    open var minificationFilterBias: Float {
        get { self[value: \.minificationFilterBias] }
        set { self[value: \.minificationFilterBias] = newValue }
    }

    // MARK: - Sub-cells and style

    /// Cells each particle of this cell emits from where it is, relative to
    /// its direction of travel; their timing counts from the particle's birth.
    open var emitterCells: [CAEmitterCell]? {
        get { TransactionLock.shared.withLock { _emitterCells } }
        set {
            TransactionLock.shared.withLock {
                for cell in _emitterCells ?? [] { cell.removeOwner(self) }
                _emitterCells = newValue
                for cell in newValue ?? [] { cell._owners.append(WeakEmitterOwner(self)) }
                valuesDidChange()
            }
        }
    }
    /// Extra values searched by `defaultValue` lookups, as a layer's `style`.
    open var style: [AnyHashable: Any]? {
        get { TransactionLock.shared.withLock { _style } }
        set { TransactionLock.shared.withLock { _style = newValue } }
    }

    // MARK: - CAMediaTiming (when the cell emits)

    /// When the cell starts emitting, in its emitter's time (a sub-cell's
    /// emitter is its particle, whose time starts at its birth).
    open var beginTime: CFTimeInterval {
        get { self[value: \.beginTime] }
        set { self[value: \.beginTime] = newValue }
    }
    /// How long the cell emits (0: without end).
    open var duration: CFTimeInterval {
        get { self[value: \.duration] }
        set { self[value: \.duration] = newValue }
    }
    /// How fast the cell's time runs: its emission and its particles' lives.
    open var speed: Float {
        get { self[value: \.speed] }
        set { self[value: \.speed] = newValue }
    }
    /// An offset added to the cell's time.
    open var timeOffset: CFTimeInterval {
        get { self[value: \.timeOffset] }
        set { self[value: \.timeOffset] = newValue }
    }
    /// How many `duration`s the cell emits for.
    open var repeatCount: Float {
        get { self[value: \.repeatCount] }
        set { self[value: \.repeatCount] = newValue }
    }
    /// How long the cell emits for, repeats included.
    open var repeatDuration: CFTimeInterval {
        get { self[value: \.repeatDuration] }
        set { self[value: \.repeatDuration] = newValue }
    }
    /// Whether each repeat runs twice as long (forwards, then back).
    open var autoreverses: Bool {
        get { self[value: \.autoreverses] }
        set { self[value: \.autoreverses] = newValue }
    }
    /// Kept for `CAMediaTiming`; emission has nothing to fill.
    open var fillMode: CAMediaTimingFillMode {
        get { self[value: \.fillMode] }
        set { self[value: \.fillMode] = newValue }
    }

    // MARK: - Key-value coding (implemented in CAEmitterCell+KeyValueCoding.swift)

    /// The value of property `key` (boxed as Core Animation does), or a value
    /// stored with `setValue(_:forKey:)`, else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { TransactionLock.shared.withLock { kvcValue(forKey: key) } }

    /// Sets property `key`; other keys are stored on the cell.
    open func setValue(_ value: Any?, forKey key: String) {
        TransactionLock.shared.withLock { kvcSetValue(value, forKey: key) }
    }

    /// The value at a dotted key path: `emitterCells.spark.birthRate`, `contentsRect.size.width`.
    open func value(forKeyPath keyPath: String) -> Any? {
        TransactionLock.shared.withLock { kvcValue(forKeyPath: keyPath) }
    }

    /// Sets the value at a dotted key path.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        TransactionLock.shared.withLock { kvcSetValue(value, forKeyPath: keyPath) }
    }

    /// The default value of property `key` (nil for keys that are not properties).
    open class func defaultValue(forKey key: String) -> Any? {
        guard let property = EmitterProperties.cell[key] else { return nil }
        return property.box(property.get(EmitterCellValues()))
    }

    /// Whether `key`'s value is archived (every property's).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }
}

/// A weak link from a cell to what it is attached to (an emitter layer or a cell).
package struct WeakEmitterOwner {
    weak var object: AnyObject?
    package init(_ object: AnyObject) { self.object = object }
}

extension CAEmitterCell {
    /// The cell frozen now, with its sub-cells (cells nested more than
    /// ``EmitterSimulation/maximumCellDepth`` deep, or inside themselves, are left out).
    func snapshot(depth: Int = 1) -> EmitterCellSnapshot {
        let subs = depth < EmitterSimulation.maximumCellDepth ? (_emitterCells ?? []) : []
        return EmitterCellSnapshot(values: _values, subcells: subs.map { $0.snapshot(depth: depth + 1) })
    }

    /// A copy of the cell and its sub-cells (each owned by its parent copy;
    /// the caller makes the top one its owner's).
    func deepCopy(depth: Int = 1) -> CAEmitterCell {
        let copy = CAEmitterCell()
        copy._values = _values
        copy._style = _style
        copy._extraValues = _extraValues
        if let subs = _emitterCells, depth < EmitterSimulation.maximumCellDepth {
            let copies = subs.map { $0.deepCopy(depth: depth + 1) }
            for sub in copies { sub._owners.append(WeakEmitterOwner(copy)) }
            copy._emitterCells = copies
        }
        return copy
    }

    func removeOwner(_ owner: AnyObject) {
        _owners.removeAll { $0.object == nil || $0.object === owner }
    }

    /// Tells the emitters this cell is attached to (through its parent cells) that it changed.
    func valuesDidChange(depth: Int = 0) {
        guard depth < EmitterSimulation.maximumCellDepth else { return }
        _owners.removeAll { $0.object == nil }
        for owner in _owners {
            if let layer = owner.object as? CAEmitterLayer {
                layer.recordEmissionChange()
            } else if let cell = owner.object as? CAEmitterCell {
                cell.valuesDidChange(depth: depth + 1)
            }
        }
    }
}
