import Foundation
import Testing

@testable import Strata

/// The fixtures' pixel formulas, as in Fixtures/png/make_fixtures.py.
enum Pattern {
    static let width = 7, height = 5
    static func red(_ x: Int, _ y: Int) -> Int { (x * 37 + y * 11) & 255 }
    static func green(_ x: Int, _ y: Int) -> Int { (x * 13 + y * 53 + 7) & 255 }
    static func blue(_ x: Int, _ y: Int) -> Int { (x * 101 + y * 29 + 3) & 255 }
    static func alpha(_ x: Int, _ y: Int) -> Int { (x * 59 + y * 83 + 11) & 255 }
    static func grey(_ x: Int, _ y: Int) -> Int { (x * 29 + y * 41 + 5) & 255 }
    /// The low byte of 16-bit samples in channel `c`.
    static func low(_ x: Int, _ y: Int, _ c: Int) -> Int { (x * 7 + y * 13 + c * 17) & 255 }
    /// A 16-bit sample whose high byte is `high`, scaled to 8 bits with rounding
    /// (libpng's png_set_scale_16: v × 255 / 65535, rounded).
    static func scaled(_ high: Int, _ x: Int, _ y: Int, _ c: Int) -> Int {
        let v = high * 256 + low(x, y, c)
        return (v * 255 + 32767) / 65535
    }
}

@Suite struct PNGTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/png")

    func load(_ name: String) throws -> CGImage {
        try CGImage(contentsOfPNG: Self.fixtures.appendingPathComponent(name))
    }

    /// Checks every pixel of `image` against `expected(x, y)` = (r, g, b, a).
    func expectPixels(
        _ image: CGImage, tolerance: Int = 0, sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (Int, Int) -> (Int, Int, Int, Int)
    ) {
        expectPixels(image, tolerance: { _ in tolerance }, sourceLocation: sourceLocation, expected)
    }

    /// As above, with a tolerance that depends on the expected pixel.
    func expectPixels(
        _ image: CGImage, tolerance: ((Int, Int, Int, Int)) -> Int,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (Int, Int) -> (Int, Int, Int, Int)
    ) {
        #expect(image.width == Pattern.width && image.height == Pattern.height, sourceLocation: sourceLocation)
        guard image.width == Pattern.width, image.height == Pattern.height else { return }
        var mismatches: [String] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                let got = (
                    Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]), Int(image.pixels[i + 3])
                )
                let want = expected(x, y)
                let tolerance = tolerance(want)
                if abs(got.0 - want.0) > tolerance || abs(got.1 - want.1) > tolerance
                    || abs(got.2 - want.2) > tolerance || abs(got.3 - want.3) > tolerance
                {
                    mismatches.append("(\(x), \(y)): \(got) ≠ \(want)")
                }
            }
        }
        #expect(
            mismatches.isEmpty, "\(image.label): \(mismatches.prefix(5).joined(separator: "; "))",
            sourceLocation: sourceLocation)
    }

    @Test func grey() throws {
        expectPixels(try load("grey8.png")) { x, y in
            let g = Pattern.grey(x, y); return (g, g, g, 255)
        }
        expectPixels(try load("grey16.png")) { x, y in
            let g = Pattern.scaled(Pattern.grey(x, y), x, y, 0); return (g, g, g, 255)
        }
        expectPixels(try load("grey1.png")) { x, y in
            let g = (x + y) % 2 * 255; return (g, g, g, 255)
        }
    }

    @Test func greyAlpha() throws {
        expectPixels(try load("grey_alpha8.png")) { x, y in
            let g = Pattern.grey(x, y); return (g, g, g, Pattern.alpha(x, y))
        }
        expectPixels(try load("grey_alpha16.png")) { x, y in
            let g = Pattern.scaled(Pattern.grey(x, y), x, y, 0)
            return (g, g, g, Pattern.scaled(Pattern.alpha(x, y), x, y, 1))
        }
    }

    @Test func rgb() throws {
        expectPixels(try load("rgb8.png")) { x, y in
            (Pattern.red(x, y), Pattern.green(x, y), Pattern.blue(x, y), 255)
        }
        expectPixels(try load("rgb16.png")) { x, y in
            (
                Pattern.scaled(Pattern.red(x, y), x, y, 0), Pattern.scaled(Pattern.green(x, y), x, y, 1),
                Pattern.scaled(Pattern.blue(x, y), x, y, 2), 255
            )
        }
    }

    /// RGBA stays straight (not premultiplied), 8-bit and 16-bit.
    @Test func rgba() throws {
        expectPixels(try load("rgba8.png")) { x, y in
            (Pattern.red(x, y), Pattern.green(x, y), Pattern.blue(x, y), Pattern.alpha(x, y))
        }
        expectPixels(try load("rgba16.png")) { x, y in
            (
                Pattern.scaled(Pattern.red(x, y), x, y, 0), Pattern.scaled(Pattern.green(x, y), x, y, 1),
                Pattern.scaled(Pattern.blue(x, y), x, y, 2), Pattern.scaled(Pattern.alpha(x, y), x, y, 3)
            )
        }
    }

    /// Palette entry i is (16i, 255 − 16i, 37i mod 256); tRNS gives entry i alpha 17i.
    @Test func palette() throws {
        func entry(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (x + 7 * y) % 16
            return (16 * i, 255 - 16 * i, (37 * i) & 255)
        }
        expectPixels(try load("palette8_trns.png")) { x, y in
            let (r, g, b) = entry(x, y); return (r, g, b, 17 * ((x + 7 * y) % 16))
        }
        expectPixels(try load("palette4.png")) { x, y in
            let (r, g, b) = entry(x, y); return (r, g, b, 255)
        }
    }

    /// tRNS on grey and RGB: the one key colour (that of pixel (3, 2)) becomes transparent.
    @Test func transparentKeyColour() throws {
        let keyGrey = Pattern.grey(3, 2)
        expectPixels(try load("grey8_trns.png")) { x, y in
            let g = Pattern.grey(x, y); return (g, g, g, g == keyGrey ? 0 : 255)
        }
        let key = (Pattern.red(3, 2), Pattern.green(3, 2), Pattern.blue(3, 2))
        var transparent = 0
        expectPixels(try load("rgb8_trns.png")) { x, y in
            let c = (Pattern.red(x, y), Pattern.green(x, y), Pattern.blue(x, y))
            let hit = c == key
            if hit { transparent += 1 }
            return (c.0, c.1, c.2, hit ? 0 : 255)
        }
        #expect(transparent >= 1)
    }

    @Test func interlaced() throws {
        let adam7 = try load("rgba8_interlaced.png")
        #expect(adam7.pixels == (try load("rgba8.png")).pixels)
    }

    /// 16-bit interlaced files go through libpng's linear path (its direct 16-to-8-bit
    /// path scrambles their rows, libpng#853): within one step of the direct result.
    @Test func interlacedSixteenBit() throws {
        expectPixels(try load("grey16_interlaced.png"), tolerance: 1) { x, y in
            let g = Pattern.scaled(Pattern.grey(x, y), x, y, 0); return (g, g, g, 255)
        }
        // Colours go through premultiplied linear light: nearly transparent ones lose more.
        expectPixels(try load("rgba16_interlaced.png"), tolerance: { $0.3 < 16 ? 4 : 1 }) { x, y in
            (
                Pattern.scaled(Pattern.red(x, y), x, y, 0), Pattern.scaled(Pattern.green(x, y), x, y, 1),
                Pattern.scaled(Pattern.blue(x, y), x, y, 2), Pattern.scaled(Pattern.alpha(x, y), x, y, 3)
            )
        }
    }

    @Test(arguments: [
        ("corrupt_crc.png", "IDAT"),
        ("truncated.png", ""),
        ("not_a_png.png", "Not a PNG"),
    ])
    func brokenFilesThrowNamingTheFile(name: String, hint: String) {
        let url = Self.fixtures.appendingPathComponent(name)
        do {
            _ = try CGImage(contentsOfPNG: url)
            Issue.record("\(name) decoded")
        } catch {
            #expect(error.file == url.path)
            #expect(error.description.contains(name))
            #expect(error.reason.hasPrefix("not a valid PNG file: "))
            if !hint.isEmpty { #expect(error.reason.contains(hint), "\(error)") }
        }
    }

    @Test func sizeLimits() {
        let url = Self.fixtures.appendingPathComponent("huge_header.png")
        do {
            _ = try CGImage(contentsOfPNG: url)
            Issue.record("a 20000 × 20000 image was accepted")
        } catch {
            #expect(error.file == url.path)
            #expect(error.reason.contains("20000×20000"), "\(error)")
        }
        #expect(CGImage.maxPNGDimension == 16_384 && CGImage.maxPNGDecodedBytes == 1 << 30)
    }

    @Test func missingFileAndEmptyData() {
        let url = Self.fixtures.appendingPathComponent("no-such-image.png")
        #expect(throws: ImageError(file: url.path, reason: "no such file")) {
            try CGImage(contentsOfPNG: url)
        }
        do {
            _ = try CGImage(contentsOfPNG: url)
        } catch {
            #expect(error.description == "\(url.path): no such file")
        }
        #expect(throws: ImageError(file: Self.fixtures.path, reason: "cannot read the file: it is a directory")) {
            try CGImage(contentsOfPNG: Self.fixtures)
        }
        #expect(throws: ImageError.self) { try CGImage(pngData: Data(), label: "empty.png") }
        do {
            _ = try CGImage(pngData: Data([0x89, 0x50]), label: "two-bytes.png")
            Issue.record("two bytes decoded as a PNG")
        } catch {
            #expect(error.file == "two-bytes.png")
        }
    }

    /// Our encoder: decode(encode(x)) = x, the bytes are deterministic, and a file round-trips.
    @Test func encodeRoundTrip() throws {
        var pixels: [UInt8] = []
        for y in 0..<Pattern.height {
            for x in 0..<Pattern.width {
                pixels += [Pattern.red(x, y), Pattern.green(x, y), Pattern.blue(x, y), Pattern.alpha(x, y)].map(
                    UInt8.init)
            }
        }
        let image = CGImage(width: Pattern.width, height: Pattern.height, pixels: pixels, label: "pattern")
        let data = try image.pngData()
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try image.pngData() == data)
        let decoded = try CGImage(pngData: data, label: "encoded")
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.pixels == image.pixels)
        #expect(try decoded.pngData() == data)
        // Same pixels as the Pillow-written file.
        #expect(decoded.pixels == (try load("rgba8.png")).pixels)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("pattern.png")
        try image.write(toPNG: file)
        #expect(try Data(contentsOf: file) == data)
        #expect(try CGImage(contentsOfPNG: file).pixels == pixels)

        let nowhere = dir.appendingPathComponent("missing-dir/pattern.png")
        do {
            try image.write(toPNG: nowhere)
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.file == nowhere.path && error.reason.hasPrefix("cannot write the file"))
        }
        #expect(throws: ImageError.self) { try CGImage(width: 0, height: 0, pixels: []).pngData() }
    }

    /// A larger image with every byte value, to exercise more than one row filter.
    @Test func encodeLargerImage() throws {
        let w = 257, h = 63
        let pixels = (0..<(w * h * 4)).map { UInt8(truncatingIfNeeded: ($0 * 7919) >> 3) }
        let image = CGImage(width: w, height: h, pixels: pixels, label: "noise")
        let decoded = try CGImage(pngData: try image.pngData(), label: "noise")
        #expect(decoded.pixels == pixels)
    }
}
