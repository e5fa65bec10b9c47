extension LayerRenderer {
    /// What the renderer holds between frames now.
    public var resources: LayerRendererResources {
        var r = LayerRendererResources()
        r.dedicatedTextures = textures.dedicated.count
        r.atlasPages = textures.pages.count - r.dedicatedTextures
        r.maximumPages = textures.maximumPages
        r.atlasEntries = textures.slots.count
        r.passTargets = passTargets.count
        r.cachedPasses = passCache.count
        r.blurScratch = blurScratch.count
        func bytes(_ t: GLTexture, mipmapped: Bool = false) -> Int {
            // A full mip chain adds a third.
            t.width * t.height * 4 * (mipmapped ? 4 : 3) / 3
        }
        r.textureBytes = textures.pages.reduce(0) { $0 + bytes($1, mipmapped: true) }
            + (passTargets + Array(passCache.values) + blurScratch).reduce(0) { $0 + bytes($1.colorTexture) }
            + (rampTexture.map { bytes($0) } ?? 0)
        return r
    }
}
