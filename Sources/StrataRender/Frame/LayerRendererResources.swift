/// What a renderer (its ``FrameBuilder``) keeps from frame to frame, and the budgets it
/// keeps it within: for soak tests and for telling where GPU memory goes.
public struct LayerRendererResources: Equatable, Sendable, CustomStringConvertible {
    /// Atlas pages of layer contents (images, text and shape bitmaps).
    public package(set) var atlasPages = 0
    /// Contents too large for a page, each in a texture of its own.
    public package(set) var dedicatedTextures = 0
    /// The most atlas pages and dedicated textures kept between frames: past
    /// it the atlas starts over with what the frame draws.
    public package(set) var maximumPages = 0
    /// Bytes of one atlas page with its mip levels.
    public package(set) var maximumPageBytes = 0
    /// Contents with a slot in the atlas.
    public package(set) var atlasEntries = 0
    /// Pooled targets for offscreen passes (group opacity, masks, blur).
    public package(set) var passTargets = 0
    /// The most pooled targets frames have needed at one moment (passes
    /// drawn and not yet composited, and a blur's scratch): the pool never
    /// holds more.
    public package(set) var passTargetsNeeded = 0
    /// Passes whose pixels are kept while their content holds (cached
    /// appearance, blurred shadows, rasterized layers).
    public package(set) var cachedPasses = 0
    /// Pooled targets that have held a blur's first direction (they are pass targets too).
    public package(set) var blurScratch = 0
    /// Bytes of texture storage all of the above hold (mip levels included).
    public package(set) var textureBytes = 0
    /// Slots of particle births kept between frames: in use, and made (the buffer holds these).
    public package(set) var particleSlots = 0
    public package(set) var particleSlotsMade = 0

    package init() {}

    public var description: String {
        "\(atlasPages) atlas pages (\(atlasEntries) entries) + \(dedicatedTextures) dedicated of \(maximumPages), "
            + "\(passTargets) pass targets (\(passTargetsNeeded) needed at once), \(cachedPasses) cached passes, \(blurScratch) blur scratch, "
            + "\(textureBytes / 1024) KiB, \(particleSlots) of \(particleSlotsMade) particle slots"
    }
}
