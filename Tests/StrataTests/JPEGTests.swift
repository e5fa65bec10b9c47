import Foundation
import Testing

@testable import Strata

/// The fixtures' block colours, as in Fixtures/jpeg/make_fixtures.py: 8 × 8 blocks
/// of flat colour, 4 across and 2 down (pixels past 32 × 16 repeat the last column or row).
enum JPEGBlocks {
    typealias RGB = (Int, Int, Int)
    static let rgb: [RGB] = [
        (230, 30, 40), (40, 200, 60), (30, 60, 220), (255, 255, 255),
        (0, 0, 0), (128, 128, 128), (240, 220, 30), (120, 40, 160),
    ]
    static let grey = [0, 36, 73, 109, 146, 182, 219, 255]
    /// Amounts of ink (0 none … 255 full): white, cyan, magenta, yellow, black, half black, two mixes.
    static let cmyk: [(Int, Int, Int, Int)] = [
        (0, 0, 0, 0), (255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0),
        (0, 0, 0, 255), (0, 0, 0, 128), (200, 100, 0, 40), (30, 180, 90, 70),
    ]

    /// The index of the block pixel (x, y) is in.
    static func block(_ x: Int, _ y: Int) -> Int { min(y / 8, 1) * 4 + min(x / 8, 3) }

    /// The RGB the CMYK inks print as on white: (255 − ink)(255 − K) / 255.
    static func printed(_ inks: (Int, Int, Int, Int)) -> RGB {
        func channel(_ ink: Int) -> Int { Int((Double((255 - ink) * (255 - inks.3)) / 255).rounded()) }
        return (channel(inks.0), channel(inks.1), channel(inks.2))
    }
}

@Suite struct JPEGTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jpeg")

    func url(_ name: String) -> URL { Self.fixtures.appendingPathComponent(name) }

    func load(_ name: String) throws -> CGImage { try CGImage(contentsOfJPEG: url(name)) }

    /// Checks `image` is `width × height`, opaque, and that each pixel (every one, or
    /// the blocks' centres only) is within `tolerance` of `expected(x, y)` in R, G and B.
    func expectPixels(
        _ image: CGImage, width: Int = 32, height: Int = 16, tolerance: Int, centresOnly: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation, _ expected: (Int, Int) -> JPEGBlocks.RGB
    ) {
        #expect(
            image.width == width && image.height == height, "\(image.label): \(image.width)×\(image.height)",
            sourceLocation: sourceLocation)
        guard image.width == width, image.height == height else { return }
        var mismatches: [String] = []
        var worst = 0
        for y in 0..<height {
            for x in 0..<width where !centresOnly || (x % 8 == 4 && y % 8 == 4) {
                let i = (y * width + x) * 4
                let got = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
                let want = expected(x, y)
                let error = max(abs(got.0 - want.0), abs(got.1 - want.1), abs(got.2 - want.2))
                worst = max(worst, error)
                if error > tolerance || image.pixels[i + 3] != 255 {
                    mismatches.append("(\(x), \(y)): \(got) alpha \(image.pixels[i + 3]) ≠ \(want)")
                }
            }
        }
        let wrongPixels = mismatches.count  // the count, not the list, in the failure's expression
        let firstFew = mismatches.prefix(5).joined(separator: "; ")
        #expect(wrongPixels == 0, "\(image.label) (worst error \(worst)): \(firstFew)", sourceLocation: sourceLocation)
    }

    @Test func baseline() throws {
        expectPixels(try load("rgb_baseline.jpg"), tolerance: 4) { x, y in JPEGBlocks.rgb[JPEGBlocks.block(x, y)] }
    }

    @Test func progressive() throws {
        expectPixels(try load("rgb_progressive.jpg"), tolerance: 4) { x, y in JPEGBlocks.rgb[JPEGBlocks.block(x, y)] }
    }

    /// 4:2:0 chroma at an odd size: the partial MCUs at the right and bottom edges decode.
    @Test func subsampledOddSize() throws {
        let image = try load("rgb420_odd.jpg")
        expectPixels(image, width: 33, height: 17, tolerance: 12, centresOnly: true) { x, y in
            JPEGBlocks.rgb[JPEGBlocks.block(x, y)]
        }
        // The last column and row repeat block (3, 1).
        let corner = (16 * 33 + 32) * 4
        let got: [Int] = image.pixels[corner..<corner + 3].map { Int($0) }
        let purple: [Int] = [JPEGBlocks.rgb[7].0, JPEGBlocks.rgb[7].1, JPEGBlocks.rgb[7].2]
        #expect(zip(got, purple).allSatisfy { abs($0 - $1) <= 16 }, "\(got)")
    }

    @Test func grey() throws {
        let image = try load("grey.jpg")
        expectPixels(image, tolerance: 2) { x, y in
            let g = JPEGBlocks.grey[JPEGBlocks.block(x, y)]; return (g, g, g)
        }
        // Grey is copied to R, G and B exactly.
        let p = image.pixels
        let coloured = stride(from: 0, to: p.count, by: 4).filter { (i: Int) -> Bool in
            p[i] != p[i + 1] || p[i] != p[i + 2]
        }
        #expect(coloured.isEmpty, "\(coloured.count) pixels are not grey")
    }

    /// CMYK as Adobe writes it (255 − ink, marked by an APP14 "Adobe" segment; Pillow writes it so),
    /// as YCCK (the same, transformed like YCbCr), and plain inks without the segment.
    @Test(arguments: ["cmyk_adobe.jpg", "ycck_adobe.jpg", "cmyk_plain.jpg"])
    func cmyk(name: String) throws {
        expectPixels(try load(name), tolerance: 4) { x, y in
            JPEGBlocks.printed(JPEGBlocks.cmyk[JPEGBlocks.block(x, y)])
        }
    }

    @Test func adobeMarkerIsFoundBeforeTheFirstScanOnly() throws {
        func marked(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBytes { CGImage.hasAdobeMarker($0) } }
        #expect(marked(Array(try Data(contentsOf: url("cmyk_adobe.jpg")))))
        #expect(marked(Array(try Data(contentsOf: url("ycck_adobe.jpg")))))
        #expect(!marked(Array(try Data(contentsOf: url("cmyk_plain.jpg")))))
        #expect(!marked(Array(try Data(contentsOf: url("rgb_baseline.jpg")))))
        let app14: [UInt8] = [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0]
        #expect(marked([0xFF, 0xD8] + app14))
        // Fill bytes before a marker are skipped; a segment too short for Adobe's fields is not the marker.
        #expect(marked([0xFF, 0xD8, 0xFF, 0xFF] + app14))
        #expect(!marked([0xFF, 0xD8, 0xFF, 0xEE, 0x00, 0x07] + Array("Adobe".utf8)))
        // After SOS it is data, not a marker; a bad length or stray byte ends the walk.
        #expect(!marked([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02] + app14))
        #expect(!marked([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00] + app14))
        #expect(!marked([0xFF, 0xD8, 0x00] + app14))
        #expect(!marked([]) && !marked([0xFF, 0xD8]))
    }

    /// The EXIF orientation (6: turn 90° clockwise to show) is not applied, as CGImageSource does not.
    @Test func exifOrientationIsNotApplied() throws {
        let image = try load("exif_orientation6.jpg")
        #expect(image.width == 32 && image.height == 16)
        #expect(image.pixels == (try load("rgb_baseline.jpg")).pixels)
    }

    @Test(arguments: [
        ("truncated.jpg", "Premature end of JPEG file", "decoding the pixels"),
        ("corrupt_data.jpg", "bad Huffman code", "decoding the pixels"),
        ("not_a_jpeg.jpg", "Not a JPEG file: starts with 0x54 0x68", "reading the header"),
    ])
    func brokenFilesThrowNamingTheFile(name: String, hint: String, stage: String) {
        let file = url(name)
        do {
            let image = try CGImage(contentsOfJPEG: file)
            Issue.record("\(name) decoded to \(image.width)×\(image.height)")
        } catch {
            #expect(error.file == file.path)
            #expect(error.description.contains(name))
            #expect(error.reason.hasPrefix("not a valid JPEG file: "), "\(error)")
            #expect(error.reason.contains(hint), "\(error)")
            #expect(error.reason.hasSuffix("(while \(stage))"), "\(error)")
        }
    }

    @Test func sizeLimits() {
        let file = url("huge_header.jpg")
        do {
            _ = try CGImage(contentsOfJPEG: file)
            Issue.record("a 20000 × 20000 image was accepted")
        } catch {
            #expect(error.file == file.path)
            #expect(error.reason.contains("20000×20000"), "\(error)")
        }
        #expect(CGImage.maxJPEGDimension == 16_384 && CGImage.maxJPEGDecodedBytes == 1 << 30)
    }

    @Test func missingFileAndEmptyData() {
        let missing = url("no-such-image.jpg")
        #expect(throws: ImageError(file: missing.path, reason: "no such file")) { try CGImage(contentsOfJPEG: missing) }
        #expect(throws: ImageError(file: Self.fixtures.path, reason: "cannot read the file: it is a directory")) {
            try CGImage(contentsOfJPEG: Self.fixtures)
        }
        let empty = "not a valid JPEG file: the data is empty (while reading the header)"
        #expect(throws: ImageError(file: "empty.jpg", reason: empty)) {
            try CGImage(jpegData: Data(), label: "empty.jpg")
        }
        do {
            _ = try CGImage(jpegData: Data([0xFF, 0xD8, 0xFF]), label: "three-bytes.jpg")
            Issue.record("three bytes decoded as a JPEG")
        } catch {
            #expect(error.file == "three-bytes.jpg" && error.reason.hasPrefix("not a valid JPEG file: "), "\(error)")
        }
    }

    /// Every prefix of a file is an error, never a crash or a half-grey image; every
    /// byte changed gives an image of the header's size or an error.
    @Test(arguments: ["rgb_baseline.jpg", "rgb_progressive.jpg", "cmyk_adobe.jpg"])
    func damagedDataIsAnErrorOrAnImage(name: String) throws {
        let data = try Data(contentsOf: url(name))
        for length in 0..<data.count {
            #expect(throws: ImageError.self, "\(name) cut to \(length) bytes") {
                try CGImage(jpegData: data.prefix(length), label: "\(name) cut")
            }
        }
        for offset in stride(from: 0, to: data.count, by: 3) {
            var damaged = data
            damaged[offset] ^= 0x5A
            if let image = try? CGImage(jpegData: damaged, label: "\(name) damaged") {
                #expect(image.pixels.count == image.width * image.height * 4)
            }
        }
    }
}

/// `CGImage(data:)` and `CGImage(contentsOf:)`: PNG or JPEG by the first bytes, not the name.
@Suite struct ImageFormatSniffingTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func eitherFormatDecodesAsItsOwnInitializerDoes() throws {
        let jpeg = Self.fixtures.appendingPathComponent("jpeg/rgb_baseline.jpg")
        let png = Self.fixtures.appendingPathComponent("png/rgba8.png")
        #expect(try CGImage(contentsOf: jpeg).pixels == (try CGImage(contentsOfJPEG: jpeg)).pixels)
        #expect(try CGImage(contentsOf: png).pixels == (try CGImage(contentsOfPNG: png)).pixels)
        #expect(
            try CGImage(data: Data(contentsOf: jpeg), label: "j").pixels
                == (try CGImage(contentsOfJPEG: jpeg)).pixels)
        #expect(try CGImage(contentsOf: jpeg).label == jpeg.path)
    }

    @Test func theNameDoesNotDecide() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let jpegNamedPNG = dir.appendingPathComponent("photo.png")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("jpeg/grey.jpg"), to: jpegNamedPNG)
        let image = try CGImage(contentsOf: jpegNamedPNG)
        #expect(image.width == 32 && image.height == 16 && image.pixels[0] < 4)
        // The PNG reader itself still wants a PNG.
        #expect(throws: ImageError.self) { try CGImage(contentsOfPNG: jpegNamedPNG) }
    }

    @Test func neitherFormatIsOneError() {
        #expect(throws: ImageError(file: "text", reason: "not a PNG or JPEG file: it begins 48 65 6C 6C 6F 2C 20 77")) {
            try CGImage(data: Data("Hello, world".utf8), label: "text")
        }
        #expect(throws: ImageError(file: "nothing", reason: "not a PNG or JPEG file: the data is empty")) {
            try CGImage(data: Data(), label: "nothing")
        }
        // FF D8 without the next marker's FF, and half a PNG signature, are neither.
        #expect(throws: ImageError(file: "soi", reason: "not a PNG or JPEG file: it begins FF D8 00")) {
            try CGImage(data: Data([0xFF, 0xD8, 0x00]), label: "soi")
        }
        #expect(ImageFileFormat(sniffing: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        let missing = Self.fixtures.appendingPathComponent("no-such.jpg")
        #expect(throws: ImageError(file: missing.path, reason: "no such file")) { try CGImage(contentsOf: missing) }
    }
}
