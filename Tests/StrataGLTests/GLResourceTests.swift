import CEpoxy
import Strata
import StrataGL
import StrataHost
import StrataRender
import Testing

/// Textures, framebuffers, buffers and vertex arrays: upload, limits, labels, deletion.
@Suite struct GLResourceTests {
    /// The level-0 texels of `texture`, in texture row order (row 0 first).
    private func texels(of texture: GLTexture) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: texture.width * texture.height * 4)
        texture.bind()
        sglPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bytes.withUnsafeMutableBytes {
            sglGetTexImage(GLenum(GL_TEXTURE_2D), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        return bytes
    }

    /// The debug label GL holds for an object.
    private func objectLabel(_ identifier: Int32, _ name: UInt32) -> String {
        var bytes = [GLchar](repeating: 0, count: 256)
        var length: GLsizei = 0
        sglGetObjectLabel(GLenum(identifier), name, 256, &length, &bytes)
        return String(decoding: bytes[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The context counts what it holds: made, and deleted once collected.
    @Test func liveObjectsCountCreationsAndCollectedDeletions() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        let before = host.context.liveObjects
        try host.withCurrent { () throws(GLError) in
            var made: [AnyObject] = [
                try GLTexture(context: host.context, width: 4, height: 4, label: "t"),
                try GLBuffer(context: host.context, label: "b"),
                try GLFramebuffer(context: host.context, width: 4, height: 4, label: "f", depthStencil: true),
                try GLVertexArray(context: host.context, label: "v"),
            ]
            var expected = before
            expected.textures += 2  // the framebuffer's colour texture too
            expected.buffers += 1
            expected.framebuffers += 1
            expected.renderbuffers += 1
            expected.vertexArrays += 1
            #expect(host.context.liveObjects == expected)
            made.removeAll()
            // Released but not yet deleted: still held by GL.
            #expect(host.context.liveObjects == expected)
            host.context.collectGarbage()
        }
        #expect(host.context.liveObjects == before)
    }

    /// A loop of frames inside one `withCurrent` keeps the context current:
    /// each nested call still deletes what was dropped before it (a clip's
    /// dropped textures are not held to its end).
    @Test func nestedCallsKeepTheContextAndCollectWhatWasDropped() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        let before = host.context.liveObjects
        try host.withCurrent { () throws(GLError) in
            for frame in 0..<3 {
                var texture: GLTexture? = try host.withCurrent { () throws(GLError) in
                    // Each frame starts with what earlier frames dropped gone.
                    #expect(host.context.liveObjects == before, "frame \(frame)")
                    return try GLTexture(context: host.context, width: 4, height: 4, label: "frame")
                }
                #expect(host.context.liveObjects.textures == before.textures + 1)
                texture = nil
                _ = texture
                #expect(host.context.isCurrent)
            }
            host.withCurrent { #expect(host.context.liveObjects == before) }
        }
        #expect(!host.context.isCurrent)
    }

    @Test func imageUploadIsPremultipliedTopRowFirst() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        let image = CGImage(
            width: 2, height: 2,
            pixels: [
                255, 0, 0, 255, 129, 255, 0, 128,
                0, 0, 255, 0, 200, 100, 50, 51,
            ], label: "quad.png")
        try host.withCurrent {
            let texture = try GLTexture(context: host.context, image: image, filter: .nearest)
            #expect(texture.label == "quad.png" && texture.width == 2 && texture.height == 2)
            #expect(
                texels(of: texture) == [
                    255, 0, 0, 255, 65, 128, 0, 128,
                    0, 0, 0, 0, 40, 20, 10, 51,
                ])
            #expect(objectLabel(GL_TEXTURE, texture.name) == "quad.png")

            try texture.replaceRegion(x: 1, y: 0, with: CGImage(width: 1, height: 1, pixels: [10, 20, 30, 255]))
            #expect(Array(texels(of: texture)[4..<8]) == [10, 20, 30, 255])
        }
    }

    @Test func textureOverTheMaximumSizeThrowsWithItsLabel() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        host.withCurrent {
            let maximum = host.context.info.maxTextureSize
            #expect(throws: GLError.tooLarge(label: "huge", width: maximum + 1, height: 1, maximum: maximum)) {
                try GLTexture(context: host.context, width: maximum + 1, height: 1, label: "huge")
            }
            let wide = CGImage(
                width: maximum + 1, height: 1, pixels: [UInt8](repeating: 0, count: (maximum + 1) * 4),
                label: "panorama.png")
            let error = #expect(throws: GLError.self) { try GLTexture(context: host.context, image: wide) }
            #expect(
                error?.description
                    == "'panorama.png': size \(maximum + 1)×1 exceeds this GL's maximum of \(maximum) pixels per side")
            #expect(throws: GLError.emptySize(label: "none", width: 0, height: 4)) {
                try GLTexture(context: host.context, width: 0, height: 4, label: "none")
            }
            #expect(throws: GLError.pixelCountMismatch(label: "short", expected: 16, actual: 12)) {
                try GLTexture(
                    context: host.context, width: 2, height: 2, label: "short",
                    premultipliedPixels: [UInt8](repeating: 0, count: 12))
            }
            #expect(sglGetError() == GLenum(GL_NO_ERROR))
        }
    }

    @Test func framebufferRendersReadsAndResizes() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        try host.withCurrent {
            let framebuffer = try GLFramebuffer(
                context: host.context, width: 3, height: 2, label: "pass",
                depthStencil: true)
            #expect(framebuffer.depthStencilRenderbuffer != nil)
            #expect(objectLabel(GL_FRAMEBUFFER, framebuffer.name) == "pass")
            #expect(objectLabel(GL_TEXTURE, framebuffer.colorTexture.name) == "pass colour")
            framebuffer.bind()
            clear([9, 8, 7, 6])
            #expect(framebuffer.readPixels() == Array([[UInt8]](repeating: [9, 8, 7, 6], count: 6).joined()))
            try framebuffer.resize(width: 5, height: 4)
            framebuffer.bind()
            clear([1, 1, 1, 1])
            #expect(framebuffer.readPixels().count == 5 * 4 * 4)
            #expect(throws: GLError.self) { try framebuffer.resize(width: 5, height: 0) }
        }
    }

    @Test func bufferStreamingGrowsByDoubling() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        try host.withCurrent {
            let buffer = try GLBuffer(context: host.context, label: "instances")
            #expect(objectLabel(GL_BUFFER, buffer.name) == "instances")
            try buffer.stream([1, 2, 3] as [Float])
            #expect((buffer.capacity, buffer.byteCount) == (12, 12))
            try buffer.stream([1, 2] as [Float])
            #expect((buffer.capacity, buffer.byteCount) == (12, 8))
            try buffer.stream([Float](repeating: 0, count: 4))
            #expect((buffer.capacity, buffer.byteCount) == (24, 16))
            try buffer.stream([Float](repeating: 0, count: 100))
            #expect((buffer.capacity, buffer.byteCount) == (400, 400))
            let index = try GLBuffer(context: host.context, target: .index, usage: .staticDraw, label: "indices")
            try index.stream([0, 1, 2] as [UInt16])
            let vertexArray = try GLVertexArray(context: host.context, label: "quads")
            vertexArray.setIndexBuffer(index)
            #expect(sglGetError() == GLenum(GL_NO_ERROR))
        }
    }

    /// deinit never calls GL: the name waits on the context's queue until the
    /// context is next current, even when the owner dies on another thread.
    @Test func deletionIsDeferredToTheContext() throws {
        let host = try OffscreenHost(width: 1, height: 1)
        var texture: GLTexture? = try host.withCurrent {
            try GLTexture(context: host.context, width: 4, height: 4, label: "temporary")
        }
        let name = try #require(texture?.name)
        var buffer: GLBuffer? = try host.withCurrent { try GLBuffer(context: host.context, label: "temporary") }
        let bufferName = try #require(buffer?.name)
        // Released here, with no context current on this thread.
        texture = nil
        buffer = nil
        host.withCurrent {
            // withCurrent collected the queue on entry.
            #expect(sglIsTexture(name) == GLboolean(GL_FALSE))
            #expect(sglIsBuffer(bufferName) == GLboolean(GL_FALSE))
        }
        try host.withCurrent {
            var again: GLTexture? = try GLTexture(context: host.context, width: 1, height: 1, label: "again")
            let againName = try #require(again?.name)
            again = nil
            #expect(sglIsTexture(againName) == GLboolean(GL_TRUE), "still queued")
            host.context.collectGarbage()
            #expect(sglIsTexture(againName) == GLboolean(GL_FALSE))
        }
        _ = (texture, buffer)
    }

    /// Resources that outlive their host do nothing when they go.
    @Test func resourcesMayOutliveTheirHost() throws {
        var host: OffscreenHost? = try OffscreenHost(width: 1, height: 1)
        let texture = try host!.withCurrent {
            try GLTexture(context: host!.context, width: 1, height: 1, label: "orphan")
        }
        host = nil
        #expect(texture.width == 1)
    }

    @Test func premultiplyRoundsToNearest() {
        #expect(
            RGBA8Pixels.premultiplied([255, 128, 1, 127, 9, 9, 9, 0, 7, 7, 7, 255])
                == [127, 64, 0, 127, 0, 0, 0, 0, 7, 7, 7, 255])
        #expect(RGBA8Pixels.unpremultiplied([127, 64, 0, 127, 5, 5, 5, 0]) == [255, 129, 0, 127, 0, 0, 0, 0])
        #expect(RGBA8Pixels.flippedRows([1, 1, 1, 1, 2, 2, 2, 2], width: 1, height: 2) == [2, 2, 2, 2, 1, 1, 1, 1])
    }
}
