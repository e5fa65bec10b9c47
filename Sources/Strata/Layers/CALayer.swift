import Foundation

/// A rectangle of content placed in 3D by its geometry, composited with its sublayers.
///
/// Every property is Core Animation's, with its default. Setting an animatable
/// property goes through `changeValue(forKey:_:)`, which looks up and runs the
/// action for the key (see `CALayer+Actions.swift`).
open class CALayer: NSObject {
    // Backing storage. The Core Animation properties are one value, `_state` (see `LayerState`):
    // copying a layer's properties is one assignment, and the key table animations and KVC use
    // (`LayerPropertyTable`) and StrataScene's fields reach them by key paths into it. `package`:
    // StrataScene's reader sets them directly (restoring a layer from a file is not a change: no
    // actions, no transaction).
    // `@exclusivity(unchecked)`: the transaction lock already orders every access, and a field
    // visible outside the module otherwise pays a dynamic exclusivity check (swift_beginAccess)
    // on every read, which the flattener, reading every layer every frame, would feel.
    // `final`: the key table reads and writes it in place (see `LayerStateStorage`).
    @exclusivity(unchecked) package final var _state = LayerState()
    // MARK: Tree
    @exclusivity(unchecked) package var _sublayers: [CALayer] = []
    @exclusivity(unchecked) package weak var _superlayer: CALayer?
    @exclusivity(unchecked) package var _mask: CALayer? = nil
    /// The layer this one masks, when it is some layer's `mask`.
    @exclusivity(unchecked) package weak var _maskedLayer: CALayer?
    var _needsLayout = false
    var _needsDisplay = false
    // MARK: Animation and presentation (see CALayer+Animations.swift, CALayer+Presentation.swift)
    /// Animations, clock and extra KVC values; nil for most layers.
    var _animationState: LayerAnimationState?
    /// Whether a frame tick has drawn the layer (only such layers animate implicitly).
    var _isCommitted = false
    /// Whether this layer is a presentation copy.
    var _isPresentationCopy = false
    /// For a presentation copy: the model layer it shows. Unowned, not weak: the model
    /// holds its last copy (so not strong), and a weak reference would put every model
    /// layer's reference count in a side table, slowing every retain of it.
    unowned(safe) var _modelLayer: CALayer?
    /// The last presentation copy of this model layer, reused while nothing in it changed
    /// (every setter clears it).
    var _presentationCache: CALayer?
    /// Which writing of this model layer a snapshot node sampled from it
    /// without a copy holds: its state with its animations' number plan
    /// (of generation `_sampledGeneration`) written in, at some time (see
    /// `numberPlanToSample(nodeVersion:)`). Unique in the process, from the
    /// counter presentation copies' versions come from; 0: none yet, or
    /// changed since (setters put it back to 0).
    var _sampledVersion: UInt64 = 0
    /// The generation of the animations `_sampledVersion` was given with.
    var _sampledGeneration: UInt64 = 0
    /// The presentation copy drawn before the layer's first change in the
    /// transaction `_shownBeforeChangeEpoch` (see `actionForChange`). Not
    /// cleared at the commit (that would touch every changed layer again):
    /// a stale one is ignored, and replaced at the layer's next change.
    var _shownBeforeChange: CALayer?
    /// The `transactionEpoch` `_shownBeforeChange` belongs to (0: none).
    var _shownBeforeChangeEpoch: UInt64 = 0
    /// On a presentation copy while a `CATransition` runs: its state (see `transitionFrame`).
    var _transition: TransitionFrame?
    /// Whether the layer's look changes with time alone (an emitter's
    /// particles move): its presentation copy is made anew every frame.
    var _changesWithTime = false
    /// For a presentation copy: which writing of `_state` it holds, unique
    /// in the process (0: not known, as for model layers and copies written
    /// any other way; setters put it back to 0). A snapshot node that copied
    /// this version has it already (see `LayerTreeSnapshot`).
    var _stateVersion: UInt64 = 0

    // Behind the lock, as every other property (see `TransactionLock`).
    @exclusivity(unchecked) package var _name: String?
    weak var _delegate: CALayerDelegate?
    var _actions: [String: CAAction]?
    var _style: [AnyHashable: Any]?
    var _needsDisplayOnBoundsChange = false
    /// The image `display()` last drew and made the contents (model layers
    /// only, so not copied to presentation copies): a drawing that paints
    /// nothing clears it, but not contents set by the app.
    weak var _drawnContents: CGImage?

    /// A name for finding the layer and for messages.
    open var name: String? {
        get { withStateLock { _name } }
        set {
            withTreeLock {
                _name = newValue
                // Presentation copies and snapshot nodes carry the name.
                modelChanged()
            }
        }
    }
    /// The layer's delegate: contents, layout, actions.
    open var delegate: CALayerDelegate? {
        get { withStateLock { _delegate } }
        set { withTreeLock { _delegate = newValue } }
    }
    /// Actions by key, searched after the delegate; `NSNull()` means none.
    open var actions: [String: CAAction]? {
        get { withStateLock { _actions } }
        set { withTreeLock { _actions = newValue } }
    }
    /// Extra property values, searched by `defaultValue` lookups (Core Animation's `style`).
    open var style: [AnyHashable: Any]? {
        get { withStateLock { _style } }
        set { withTreeLock { _style = newValue } }
    }
    /// Whether the layer re-displays when its bounds change.
    open var needsDisplayOnBoundsChange: Bool {
        get { withStateLock { _needsDisplayOnBoundsChange } }
        set { withTreeLock { _needsDisplayOnBoundsChange = newValue } }
    }

    /// A new layer with Core Animation's defaults.
    public override init() { super.init() }

    /// A copy of every Core Animation property of this layer (not the tree
    /// links), as an instance of its nearest Strata class: how the renderer's
    /// presentation copies of unanimated layers are made, and refreshed in
    /// place (`copyProperties(from:)`). Each Strata class overrides it.
    func strataCopy() -> CALayer { CALayer(layer: self) }

    /// Which `LayerContent` this layer's class draws (see `drawnContent`),
    /// without making it. Each Strata class that draws more than a plain layer overrides it.
    package var contentKind: LayerContent.Kind { .plain }

    /// A layer decoded from an archive: Core Animation's designated initializer
    /// for `NSCoding`, here so that subclasses written for iOS compile as they
    /// are. Strata does not archive layers; this makes a layer with the defaults.
    public required init?(coder: NSCoder) { super.init() }

    /// A copy of `layer`'s properties (not its sublayers, mask or animations),
    /// as Core Animation makes presentation layers. Subclasses override it to
    /// copy their own properties, calling `super.init(layer:)` first.
    ///
    /// Strata makes presentation copies of a subclass of yours with its
    /// `init(layer:)`, its own or inherited, found at run time as Core
    /// Animation finds `-initWithLayer:`: nothing is required of the
    /// subclass. One that declares initializers of its own and not this one
    /// (on iOS it crashes once its presentation layer is made) is copied as
    /// its nearest Strata class instead, which holds everything drawn and
    /// every value stored by key; its `presentation()` is nil.
    public init(layer: Any) {
        super.init()
        guard let other = layer as? CALayer else { return }
        other.withStateLock { copyProperties(from: other) }
    }

    /// Copies every model property (not the tree links) from `other`;
    /// subclasses override to copy their own (`init(layer:)` and the in-place
    /// refresh of reused presentation copies both go through it).
    func copyProperties(from o: CALayer) {
        _state = o._state
        _name = o._name; _style = o._style; _needsDisplayOnBoundsChange = o._needsDisplayOnBoundsChange
        _transition = o._transition
        // Values stored under keys of your own (`setValue(_:forKey:)`) go with the copy.
        if let extra = o._animationState?.extraValues, !extra.isEmpty {
            animationState.extraValues = extra
        } else if _animationState?.extraValues.isEmpty == false {
            _animationState?.extraValues = [:]
        }
    }

    /// Runs `apply` (which sets the stored value for `key`) between the action
    /// lookup and the action run, as Core Animation does: the delegate sees
    /// the old value in `action(for:forKey:)`, the action runs after the change.
    /// All three under the transaction lock, so no other thread's change or
    /// tick comes between them.
    @inline(__always)
    final func changeValue(forKey key: String, _ apply: () -> Void) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        let action = actionForChange(forKey: key)
        // A presentation copy set by hand holds a writing no version names.
        if _isPresentationCopy { _stateVersion = 0 }
        apply()
        runActionForChange(action, forKey: key)
    }

    // MARK: - Key-value coding and actions
    // Declared here so subclasses can override them (Swift cannot override
    // declarations from extensions); implemented in CALayer+KeyValueCoding.swift
    // and CALayer+Actions.swift.

    /// The value of `key`: a property (boxed as CA does: NSNumber, NSValue,
    /// CGColor…) or a value stored with `setValue(_:forKey:)`, else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { withTreeLock { kvcValue(forKey: key) } }

    /// Sets `key` through its setter (so the change runs its action); other
    /// keys are stored on the layer.
    open func setValue(_ value: Any?, forKey key: String) { withTreeLock { kvcSetValue(value, forKey: key) } }

    /// The value at a dotted key path: `position.x`, `bounds.size.width`,
    /// `transform.rotation.y`, `mask.opacity`.
    open func value(forKeyPath keyPath: String) -> Any? { withTreeLock { kvcValue(forKeyPath: keyPath) } }

    /// Sets the value at a dotted key path (a struct field sets the whole property).
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        withTreeLock { kvcSetValue(value, forKeyPath: keyPath) }
    }

    /// The action for `event`: the delegate's, else `actions[event]`, else
    /// `style["actions"][event]`, else `defaultAction(forKey:)`, else (for an
    /// animatable property of a layer already drawn) the implicit animation.
    /// `NSNull` anywhere stops the search: no action.
    open func action(forKey event: String) -> CAAction? { withTreeLock { lookUpAction(forKey: event) } }

    /// The class's action for `event` (nil: none; subclasses override).
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// The default value of property `key` (nil for keys that are not properties).
    open class func defaultValue(forKey key: String) -> Any? { defaultPropertyValue(forKey: key) }

    /// Whether changing `key` makes the layer redisplay (default false; subclasses override).
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Lays out the sublayers; the default asks the delegate. Subclasses override.
    open func layoutSublayers() { delegate?.layoutSublayers(of: self) }

    /// Tells the sublayers that this layer's bounds changed from a size of
    /// `size`: called when they do (see `CALayer+Autoresizing.swift`). The
    /// default calls each sublayer's `resize(withOldSuperlayerSize:)`.
    open func resizeSublayers(withOldSize size: CGSize) { resizeEachSublayer(withOldSize: size) }

    /// Tells the layer that its superlayer's bounds changed from a size of
    /// `size`. The default sets the frame by `autoresizingMask`.
    open func resize(withOldSuperlayerSize size: CGSize) { autoresize(oldSuperlayerSize: size) }

    /// The size the layer would like in its superlayer's coordinates: by
    /// default its bounds' size through its transform (Strata has no layout managers to ask).
    open func preferredFrameSize() -> CGSize { preferredFrameSizeByDefault() }

    /// Marks the layer's contents as needing `display()`, which the next frame
    /// tick of its tree calls (before it commits), as Core Animation displays
    /// layers at the commit.
    open func setNeedsDisplay() { withTreeLock { markNeedsDisplay() } }

    /// Marks the contents in `r` as needing display (Strata redraws the whole layer).
    open func setNeedsDisplay(_ r: CGRect) { setNeedsDisplay() }

    /// Whether `setNeedsDisplay()` has been called since the last display.
    open func needsDisplay() -> Bool { withStateLock { _needsDisplay } }

    /// Displays now if needed.
    open func displayIfNeeded() { withTreeLock { if _needsDisplay { display() } } }

    /// Updates the contents: the delegate's `display(_:)`, whose default (and
    /// this, without a delegate) draws the layer with `draw(in:)` into a new
    /// bitmap of its bounds at `contentsScale` and makes that the contents.
    open func display() {
        withTreeLock {
            _needsDisplay = false
            if let delegate = _delegate { delegate.display(self) } else { displayByDrawing() }
        }
    }

    /// Draws the layer's contents; the default asks the delegate's
    /// `draw(_:in:)`. Subclasses override. `ctx` is in the layer's bounds
    /// coordinates, origin top left (bottom left when `contentsAreFlipped()`).
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Whether the layer's contents are flipped when drawn: its and its
    /// superlayers' `isGeometryFlipped` taken together (each flip undoes the
    /// last). `draw(in:)` then gets a context with the origin at the bottom left.
    open func contentsAreFlipped() -> Bool {
        withTreeLock {
            var flipped = false
            var node: CALayer? = self
            while let n = node {
                if n._state.isGeometryFlipped { flipped.toggle() }
                node = n._superlayer
            }
            return flipped
        }
    }

    // MARK: - Geometry

    /// The layer's own coordinate space: origin and size.
    open var bounds: CGRect {
        get { withStateLock { _state.bounds } }
        set { changeValue(forKey: "bounds") { _state.bounds = newValue } }
    }
    /// Where the anchor point sits, in the superlayer's coordinates.
    open var position: CGPoint {
        get { withStateLock { _state.position } }
        set { changeValue(forKey: "position") { _state.position = newValue } }
    }
    /// Position on the z axis, and the key siblings are drawn in order of.
    open var zPosition: CGFloat {
        get { withStateLock { _state.zPosition } }
        set { changeValue(forKey: "zPosition") { _state.zPosition = newValue } }
    }
    /// The point of the bounds (unit coordinates) that `position` places and transforms turn about.
    open var anchorPoint: CGPoint {
        get { withStateLock { _state.anchorPoint } }
        set { changeValue(forKey: "anchorPoint") { _state.anchorPoint = newValue } }
    }
    /// The anchor point's z coordinate.
    open var anchorPointZ: CGFloat {
        get { withStateLock { _state.anchorPointZ } }
        set { changeValue(forKey: "anchorPointZ") { _state.anchorPointZ = newValue } }
    }
    /// The layer's transform, about its anchor point.
    open var transform: CATransform3D {
        get { withStateLock { _state.transform } }
        set { changeValue(forKey: "transform") { _state.transform = newValue } }
    }
    /// A transform applied to every sublayer, about this layer's anchor point.
    open var sublayerTransform: CATransform3D {
        get { withStateLock { _state.sublayerTransform } }
        set { changeValue(forKey: "sublayerTransform") { _state.sublayerTransform = newValue } }
    }
    /// Whether the layer's geometry is flipped vertically relative to its superlayer.
    open var isGeometryFlipped: Bool {
        get { withStateLock { _state.isGeometryFlipped } }
        set { changeValue(forKey: "geometryFlipped") { _state.isGeometryFlipped = newValue } }
    }

    // MARK: - Appearance

    /// Whether the layer (and its subtree) is hidden.
    open var isHidden: Bool {
        get { withStateLock { _state.isHidden } }
        set { changeValue(forKey: "hidden") { _state.isHidden = newValue } }
    }
    /// Whether the back of the layer is drawn when it faces away.
    open var isDoubleSided: Bool {
        get { withStateLock { _state.isDoubleSided } }
        set { changeValue(forKey: "doubleSided") { _state.isDoubleSided = newValue } }
    }
    /// Whether sublayers and contents are clipped to the (rounded) bounds.
    open var masksToBounds: Bool {
        get { withStateLock { _state.masksToBounds } }
        set { changeValue(forKey: "masksToBounds") { _state.masksToBounds = newValue } }
    }
    /// Radius of the rounded corners of background and border.
    open var cornerRadius: CGFloat {
        get { withStateLock { _state.cornerRadius } }
        set { changeValue(forKey: "cornerRadius") { _state.cornerRadius = newValue } }
    }
    /// Which corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask {
        get { withStateLock { _state.maskedCorners } }
        set { changeValue(forKey: "maskedCorners") { _state.maskedCorners = newValue } }
    }
    /// The shape of the rounded corners.
    open var cornerCurve: CALayerCornerCurve {
        get { withStateLock { _state.cornerCurve } }
        set { changeValue(forKey: "cornerCurve") { _state.cornerCurve = newValue } }
    }
    /// The background fill, or none.
    open var backgroundColor: CGColor? {
        get { withStateLock { _state.backgroundColor } }
        set { changeValue(forKey: "backgroundColor") { _state.backgroundColor = newValue } }
    }
    /// Width of the border, drawn inside the bounds.
    open var borderWidth: CGFloat {
        get { withStateLock { _state.borderWidth } }
        set { changeValue(forKey: "borderWidth") { _state.borderWidth = newValue } }
    }
    /// Colour of the border.
    open var borderColor: CGColor? {
        get { withStateLock { _state.borderColor } }
        set { changeValue(forKey: "borderColor") { _state.borderColor = newValue } }
    }
    /// Group opacity of the layer and its subtree.
    open var opacity: Float {
        get { withStateLock { _state.opacity } }
        set { changeValue(forKey: "opacity") { _state.opacity = newValue } }
    }
    /// Whether opacity composites the subtree as one group (true, as on iOS 7+).
    open var allowsGroupOpacity: Bool {
        get { withStateLock { _state.allowsGroupOpacity } }
        set { changeValue(forKey: "allowsGroupOpacity") { _state.allowsGroupOpacity = newValue } }
    }
    /// Whether edges are anti-aliased when transformed (Strata always anti-aliases).
    open var allowsEdgeAntialiasing: Bool {
        get { withStateLock { _state.allowsEdgeAntialiasing } }
        set { changeValue(forKey: "allowsEdgeAntialiasing") { _state.allowsEdgeAntialiasing = newValue } }
    }
    /// Which edges are anti-aliased.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { withStateLock { _state.edgeAntialiasingMask } }
        set { changeValue(forKey: "edgeAntialiasingMask") { _state.edgeAntialiasingMask = newValue } }
    }
    /// A hint that the layer is fully opaque.
    open var isOpaque: Bool {
        get { withStateLock { _state.isOpaque } }
        set { changeValue(forKey: "opaque") { _state.isOpaque = newValue } }
    }
    /// How the layer (its subtree, composited as one) combines with what is
    /// drawn beneath it within its superlayer: a filter name, as Core
    /// Animation's string names: Porter–Duff `"xor"`, `"destOut"`,
    /// `"sourceAtop"`, `"plusL"` (additive), and the blend modes
    /// `"multiplyBlendMode"`, `"screenBlendMode"`, `"overlayBlendMode"`,
    /// `"darkenBlendMode"`, `"lightenBlendMode"`, `"colorDodgeBlendMode"`,
    /// `"colorBurnBlendMode"`, `"hardLightBlendMode"`, `"softLightBlendMode"`,
    /// `"differenceBlendMode"`, `"exclusionBlendMode"`, `"hueBlendMode"`,
    /// `"saturationBlendMode"`, `"colorBlendMode"` and `"luminosityBlendMode"`
    /// (the W3C Compositing and Blending formulas). Nil, or a name Strata
    /// does not know, draws normally (source over).
    open var compositingFilter: Any? {
        get { withStateLock { _state.compositingFilter } }
        set { changeValue(forKey: "compositingFilter") { _state.compositingFilter = newValue } }
    }

    // MARK: - Shadow

    /// Colour of the shadow.
    open var shadowColor: CGColor? {
        get { withStateLock { _state.shadowColor } }
        set { changeValue(forKey: "shadowColor") { _state.shadowColor = newValue } }
    }
    /// Opacity of the shadow (0: no shadow).
    open var shadowOpacity: Float {
        get { withStateLock { _state.shadowOpacity } }
        set { changeValue(forKey: "shadowOpacity") { _state.shadowOpacity = newValue } }
    }
    /// Blur radius of the shadow (the Gaussian's σ).
    open var shadowRadius: CGFloat {
        get { withStateLock { _state.shadowRadius } }
        set { changeValue(forKey: "shadowRadius") { _state.shadowRadius = newValue } }
    }
    /// Offset of the shadow.
    open var shadowOffset: CGSize {
        get { withStateLock { _state.shadowOffset } }
        set { changeValue(forKey: "shadowOffset") { _state.shadowOffset = newValue } }
    }
    /// The shadow's shape; without it the shadow follows the layer's composited alpha.
    open var shadowPath: CGPath? {
        get { withStateLock { _state.shadowPath } }
        set { changeValue(forKey: "shadowPath") { _state.shadowPath = newValue } }
    }

    // MARK: - Contents

    /// The layer's image: a `CGImage`, or nil.
    open var contents: Any? {
        get { withStateLock { ContentsCrossfade.shown(_state.contents) } }
        set { changeValue(forKey: "contents") { _state.contents = newValue } }
    }
    /// The part of the contents shown, in unit coordinates.
    open var contentsRect: CGRect {
        get { withStateLock { _state.contentsRect } }
        set { changeValue(forKey: "contentsRect") { _state.contentsRect = newValue } }
    }
    /// The stretchable centre of the contents, in unit coordinates.
    open var contentsCenter: CGRect {
        get { withStateLock { _state.contentsCenter } }
        set { changeValue(forKey: "contentsCenter") { _state.contentsCenter = newValue } }
    }
    /// How the contents is placed in the bounds.
    open var contentsGravity: CALayerContentsGravity {
        get { withStateLock { _state.contentsGravity } }
        set { changeValue(forKey: "contentsGravity") { _state.contentsGravity = newValue } }
    }
    /// Pixels of contents per point.
    open var contentsScale: CGFloat {
        get { withStateLock { _state.contentsScale } }
        set { changeValue(forKey: "contentsScale") { _state.contentsScale = newValue } }
    }
    /// Filter used when the contents is drawn smaller.
    open var minificationFilter: CALayerContentsFilter {
        get { withStateLock { _state.minificationFilter } }
        set { changeValue(forKey: "minificationFilter") { _state.minificationFilter = newValue } }
    }
    /// Filter used when the contents is drawn larger.
    open var magnificationFilter: CALayerContentsFilter {
        get { withStateLock { _state.magnificationFilter } }
        set { changeValue(forKey: "magnificationFilter") { _state.magnificationFilter = newValue } }
    }

    // MARK: - Rasterization

    /// Whether the subtree is rendered once to a bitmap and reused.
    open var shouldRasterize: Bool {
        get { withStateLock { _state.shouldRasterize } }
        set { changeValue(forKey: "shouldRasterize") { _state.shouldRasterize = newValue } }
    }
    /// Pixels per point of the rasterized bitmap.
    open var rasterizationScale: CGFloat {
        get { withStateLock { _state.rasterizationScale } }
        set { changeValue(forKey: "rasterizationScale") { _state.rasterizationScale = newValue } }
    }

    // MARK: - Members declared here so that subclasses can override them, as they can
    // Core Animation's (Swift overrides no declaration made in an extension); they work
    // with the rest of their concern in the CALayer+… files.

    /// Whether `p`, in this layer's coordinates, lies in its bounds
    /// (minimum edges inside, maximum edges outside, as `CGRectContainsPoint`).
    open func contains(_ p: CGPoint) -> Bool {
        let b = withStateLock { _state.bounds }.standardized
        return p.x >= b.minX && p.x < b.maxX && p.y >= b.minY && p.y < b.maxY
    }

    /// The farthest descendant of this layer (or the layer itself) that
    /// contains `p`, a point in the superlayer's coordinates; nil if none.
    ///
    /// As Core Animation's header says, when the superlayer is a
    /// `CATransformLayer` (which has no 2D space of its own) `p` is in the
    /// coordinates of the nearest ancestor that is not one.
    open func hitTest(_ p: CGPoint) -> CALayer? {
        withTreeLock {
            var toPlane = CATransform3DIdentity
            var node = _superlayer
            while let t = node as? CATransformLayer {
                toPlane = toPlane.concatenating(t.transformToSuperlayer(t._superlayer))
                node = t._superlayer
            }
            return hit(p, superlayerToPlane: toPlane)?.layer
        }
    }

    /// The layer's rectangle in its superlayer's coordinates.
    ///
    /// Getting it returns, as Core Animation does, the bounding box of the
    /// bounds mapped by the anchor point, `transform` and `position`, with the
    /// perspective divide (the superlayer's `sublayerTransform` is not applied).
    /// With an identity transform that is `position − anchorPoint × bounds.size`
    /// and `bounds.size`. Parts of the layer behind the eye (w ≤ 0) are clipped
    /// away; a layer entirely behind it has a null frame.
    ///
    /// Setting it sets `position` to the new rectangle's anchor point, then
    /// `bounds.size` (keeping `bounds.origin`), through their public setters.
    /// With a non-identity transform Core Animation maps the size through the
    /// inverse of `affineTransform()` (identity for a 3D transform) and ignores
    /// the translation, so a scaled layer round-trips but a rotated one (not a
    /// multiple of 90°) does not: Apple documents the frame as undefined then.
    open var frame: CGRect {
        get {
            withStateLock {
                if CATransform3DIsIdentity(_state.transform) {
                    // Exactly Core Animation's arithmetic, without going through matrices.
                    return CGRect(
                        x: _state.position.x - _state.anchorPoint.x * _state.bounds.width,
                        y: _state.position.y - _state.anchorPoint.y * _state.bounds.height,
                        width: _state.bounds.width, height: _state.bounds.height)
                }
                return transformToSuperlayer(nil).projectedBoundingBox(of: _state.bounds)
            }
        }
        set {
            // One hold of the lock for both setters: no other thread sees half a frame.
            withTreeLock {
                let r = newValue.standardized
                let a = _state.anchorPoint
                let inverse = affineTransform().inverted()
                let size = CGSize(
                    width: abs(inverse.a * r.width + inverse.c * r.height),
                    height: abs(inverse.b * r.width + inverse.d * r.height))
                // Position first, then bounds: the order Core Animation runs their actions in.
                position = CGPoint(x: r.minX + a.x * r.width, y: r.minY + a.y * r.height)
                bounds = CGRect(origin: _state.bounds.origin, size: size)
            }
        }
    }

    /// The layer's transform as an affine transform: the identity when
    /// `transform` is not affine (`CATransform3DIsAffine`), as Core Animation returns.
    open func affineTransform() -> CGAffineTransform {
        withStateLock {
            CATransform3DIsAffine(_state.transform) ? CATransform3DGetAffineTransform(_state.transform) : .identity
        }
    }

    /// Sets `transform` to the 3D transform that does what `m` does in the plane.
    open func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The layer's sublayers in drawing order before zPosition sorting; nil when it has none.
    open var sublayers: [CALayer]? {
        get { withStateLock { _sublayers.isEmpty ? nil : _sublayers } }
        set {
            withTreeLock {
                for layer in _sublayers { layer._superlayer = nil }
                _sublayers = []
                for layer in newValue ?? [] { insertSublayer(layer, at: UInt32(_sublayers.count)) }
                // insertSublayer reports each addition; clearing to none must be reported too.
                if _sublayers.isEmpty { sublayersDidChange() }
            }
        }
    }

    /// A layer whose alpha masks this layer and its subtree, in this layer's coordinates.
    open var mask: CALayer? {
        get { withStateLock { _mask } }
        set { withTreeLock { setMask(newValue) } }
    }

    /// Appends `layer` to the sublayers, removing it from its old superlayer.
    open func addSublayer(_ layer: CALayer) {
        withTreeLock { insertSublayer(layer, at: UInt32(_sublayers.count)) }
    }

    /// Inserts `layer` at `idx` among the sublayers (clamped to the end).
    ///
    /// Moving a sublayer to a later index counts its old place, so it lands at
    /// `idx − 1`, as Core Animation's `insert_sublayer` does.
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        precondition(layer !== self, "CALayer: \(debugName) cannot be its own sublayer")
        precondition(
            !isDescendant(of: layer),
            "CALayer: adding \(layer.debugName) to \(debugName) would make it its own ancestor")
        let wasHere = layer._superlayer === self ? _sublayers.firstIndex(of: layer) : nil
        layer.removeFromSuperlayer()
        if layer._maskedLayer != nil { layer._maskedLayer?._mask = nil; layer._maskedLayer = nil }
        var index = Int(idx)
        if let wasHere, wasHere < index { index -= 1 }
        index = min(max(index, 0), _sublayers.count)
        _sublayers.insert(layer, at: index)
        layer._superlayer = self
        LayerWaitList.linkGeneration &+= 1
        sublayersDidChange()
    }

    /// Inserts `layer` just below `sibling` (or at the bottom when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        withTreeLock {
            let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } } ?? 0
            insertSublayer(layer, at: UInt32(index))
        }
    }

    /// Inserts `layer` just above `sibling` (or at the top when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        withTreeLock {
            let index = sibling.flatMap { s in _sublayers.firstIndex { $0 === s } }.map { $0 + 1 } ?? _sublayers.count
            insertSublayer(layer, at: UInt32(index))
        }
    }

    /// Replaces the sublayer `oldLayer` with `newLayer`.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        guard let index = _sublayers.firstIndex(where: { $0 === oldLayer }) else {
            preconditionFailure("CALayer.replaceSublayer: \(oldLayer.debugName) is not a sublayer of \(debugName)")
        }
        if oldLayer === newLayer { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        if let owner = _maskedLayer {
            owner.mask = nil
            return
        }
        guard let parent = _superlayer else { return }
        parent._sublayers.removeAll { $0 === self }
        _superlayer = nil
        parent.sublayersDidChange()
    }

    /// Marks the layer as needing `layoutSublayers()`, which the next frame
    /// tick of its tree calls (before it displays and commits), as Core
    /// Animation lays out layers at the commit; `layoutIfNeeded()` does it now.
    open func setNeedsLayout() { withTreeLock { markNeedsLayout() } }

    /// Whether `setNeedsLayout()` has been called since the last layout.
    open func needsLayout() -> Bool { withStateLock { _needsLayout } }

    /// Lays out this layer and its subtree now if they need it.
    ///
    /// Holds the transaction lock throughout, so `layoutSublayers()` sees a
    /// tree no other thread changes under it.
    open func layoutIfNeeded() {
        withTreeLock {
            if _needsLayout {
                _needsLayout = false
                layoutSublayers()
            }
            for sub in _sublayers { sub.layoutIfNeeded() }
        }
    }

    /// Attaches a copy of `anim` under `key` (replacing any animation with that
    /// key), to start when the current transaction commits (a `beginTime` of 0
    /// becomes the current time then).
    open func add(_ anim: CAAnimation, forKey key: String?) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        precondition(!isPresentationCopy, "CALayer.add(_:forKey:): \(debugName) is a presentation layer")
        let copy: CAAnimation
        if anim.isFreshImplicit {
            anim.isFreshImplicit = false
            copy = anim
        } else if let made = anim.copy() as? CAAnimation {
            copy = made
        } else {
            preconditionFailure("CALayer.add(_:forKey:): copy() of \(type(of: anim)) did not return a CAAnimation")
        }
        let thread = ThreadAnimationState.current
        // An animation that leaves its duration or curve unset takes the transaction's, when one set it.
        if copy.duration == 0, let duration = thread.innermost({ $0.animationDuration }) {
            copy.duration = duration
        }
        if copy.timingFunction == nil, let function = thread.innermost({ $0.animationTimingFunction }) ?? nil {
            copy.timingFunction = function
        }
        // An animation with no values runs from the value shown before this
        // transaction's changes to the model value (CA's previous and current
        // presentation values): captured now, before an animation it replaces
        // goes, so it carries on from where that one was. (An action's
        // animation arrives with the value from before its change captured.)
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
            basic.capturedPrevious == nil, basic.valueFunction == nil,
            let keyPath = basic.keyPath, let target = AnimationTarget(keyPath: keyPath, layer: self)
        {
            basic.capturedPrevious = valueShownBeforeChange(of: target)
        }
        // A transition shows the layer as it was drawn before this transaction's changes.
        if let transition = copy as? CATransition { transition.oldRendering = frozenRendering() }
        let state = animationState
        if let key, let index = state.entries.firstIndex(where: { $0.key == key }) {
            state.entries.remove(at: index).markRemoved()
        }
        let entry = AnimationEntry(key: key, animation: copy)
        state.entries.append(entry)
        thread.animationAdded(entry, to: self)
    }

    /// The animation attached under `key` (the copy), if any.
    open func animation(forKey key: String) -> CAAnimation? {
        withTreeLock { _animationState?.entries.first { $0.key == key }?.animation }
    }

    /// The keys of the attached animations, in the order they were added (nil when there are none).
    open func animationKeys() -> [String]? {
        withTreeLock {
            guard let entries = _animationState?.entries else { return nil }
            let keys = entries.compactMap(\.key)
            return keys.isEmpty ? nil : keys
        }
    }

    /// Removes the animation under `key`; its delegate hears `finished: false`.
    open func removeAnimation(forKey key: String) {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        guard let state = _animationState, let index = state.entries.firstIndex(where: { $0.key == key }) else {
            return
        }
        state.entries.remove(at: index).markRemoved()
    }

    /// Removes every attached animation.
    open func removeAllAnimations() {
        TransactionLock.shared.lock()
        defer { TransactionLock.shared.unlock() }
        guard let state = _animationState, !state.entries.isEmpty else { return }
        let entries = state.entries
        state.entries = []
        for entry in entries { entry.markRemoved() }
    }

    /// Converts `p` from `l`'s coordinate system (nil: the root's superlayer space) to this layer's.
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint {
        withTreeLock { CALayer.mapPoint(p, from: l, to: self) }
    }

    /// Converts `p` from this layer's coordinate system to `l`'s (nil: the root's superlayer space).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint {
        withTreeLock { CALayer.mapPoint(p, from: self, to: l) }
    }

    /// Converts `r` from `l`'s coordinate system to this layer's: the bounding box of its converted corners.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect {
        withTreeLock { CALayer.mapRect(r, from: l, to: self) }
    }

    /// Converts `r` from this layer's coordinate system to `l`'s: the bounding box of its converted corners.
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect {
        withTreeLock { CALayer.mapRect(r, from: self, to: l) }
    }

    /// Converts the time `t` from `l`'s time space (nil: the global media time) to this layer's.
    ///
    /// Each layer's local time is `(parent time − beginTime) × speed + timeOffset`.
    /// A layer with speed 0 has no inverse: going up through it gives a non-finite time.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
        withTreeLock { CALayer.mapTime(t, from: l, to: self) }
    }

    /// Converts the time `t` from this layer's time space to `l`'s (nil: the global media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
        withTreeLock { CALayer.mapTime(t, from: self, to: l) }
    }

    /// Draws the layer and its sublayers into `ctx`, in the layer's
    /// superlayer's coordinates as the context's user space (for a root
    /// layer: its frame), from the model values (no animations), as Core
    /// Animation's `render(in:)` does. The context is taken to be y-down, as
    /// UIKit's are (flip a new bitmap context first).
    ///
    /// Drawn: background, rounded corners (`cornerRadius`, `maskedCorners`,
    /// `cornerCurve`), `contents` images (placed by `contentsGravity`, the
    /// whole image), shape layers' paths, gradient layers' axial and radial
    /// gradients, text layers' strings, sublayers by `zPosition` with
    /// `sublayerTransform`, `masksToBounds`, the border, and `opacity` (each
    /// layer's drawing faded, not as one group). As Core Animation documents
    /// for its `render(in:)`, layers with a 3D transform are not drawn, nor
    /// are masks, filters and compositing filters; Strata's leaves out
    /// shadows, conic gradients, replicator instances and particles too.
    open func render(in ctx: CGContext) {
        withTreeLock { renderSubtree(in: ctx, alpha: 1) }
    }
}
