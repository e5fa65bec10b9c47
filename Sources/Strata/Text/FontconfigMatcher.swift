internal import CFontconfig
import Foundation

/// Finds installed font files by family and style through fontconfig, for
/// the names ``FontLocator`` does not know (anything but the DejaVu faces).
///
/// fontconfig always answers with its closest font, so a match counts only
/// when one of its family names is the family asked for (letter case and
/// blanks aside, as fontconfig compares families): an unknown family is nil,
/// and the caller falls back to DejaVu Sans. Among a family's faces the
/// closest weight and slant win. Answers are remembered per family and style
/// (fontconfig's own lookups cost a scan of its cache).
package final class FontconfigMatcher: @unchecked Sendable {
    /// The process's matcher.
    package static let shared = FontconfigMatcher()

    private let lock = NSLock()
    /// fontconfig's configuration, loaded on first use; nil when it cannot be loaded.
    private var config: OpaquePointer?
    private var loaded = false
    private var answers: [String: String?] = [:]

    /// The font file of `family` closest to `style` ("Bold Italic", "SemiBold"…, matched by the
    /// weight and slant its words name); nil when fontconfig has no such family or no scalable face of it.
    package func path(family: String, style: String) -> String? {
        let family = family.trimmingCharacters(in: .whitespaces)
        guard !family.isEmpty, !family.contains("\0"), !style.contains("\0") else { return nil }
        let key = family.lowercased() + "\u{0}" + style.lowercased()
        lock.lock()
        defer { lock.unlock() }
        if let known = answers[key] { return known }
        if !loaded {
            loaded = true
            config = FcInitLoadConfigAndFonts()
        }
        guard let config else { return nil }
        let answer = Self.match(family: family, style: style, config: config)
        // Bounded: names come from files, and a file may name many fonts.
        if answers.count > 1024 { answers.removeAll() }
        answers[key] = answer
        return answer
    }

    private static func match(family: String, style: String, config: OpaquePointer) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        let (weight, slant) = weightAndSlant(style)
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, weight)
        FcPatternAddInteger(pattern, FC_SLANT, slant)
        FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue))
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != FcFalse else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        guard result == FcResultMatch else { return nil }
        let wanted = squeezed(family)
        var familyMatches = false
        var n: Int32 = 0
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(found, FC_FAMILY, n, &name) == FcResultMatch, let name {
            if squeezed(String(cString: name)) == wanted { familyMatches = true }
            n += 1
        }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        // A face past the first of a collection is not what FreeType opens from the file's name alone.
        if FcPatternGetInteger(found, FC_INDEX, 0, &index) == FcResultMatch, index != 0 { return nil }
        guard familyMatches, FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else {
            return nil
        }
        return String(cString: file)
    }

    /// A family name as fontconfig compares them: lowercased, without blanks.
    static func squeezed(_ name: String) -> String { name.filter { !$0.isWhitespace }.lowercased() }

    /// fontconfig's weight and slant for a style's words (regular and roman where none says otherwise).
    package static func weightAndSlant(_ style: String) -> (weight: Int32, slant: Int32) {
        let s = squeezed(style).replacingOccurrences(of: "-", with: "")
        let slant: Int32 =
            s.contains("italic") ? FC_SLANT_ITALIC : s.contains("oblique") ? FC_SLANT_OBLIQUE : FC_SLANT_ROMAN
        // Longer words first: "semibold" and "extrabold" hold "bold", "extralight" holds "light".
        let weights: [(String, Int32)] = [
            ("extrabold", FC_WEIGHT_EXTRABOLD), ("ultrabold", FC_WEIGHT_EXTRABOLD),
            ("semibold", FC_WEIGHT_DEMIBOLD), ("demibold", FC_WEIGHT_DEMIBOLD), ("bold", FC_WEIGHT_BOLD),
            ("black", FC_WEIGHT_BLACK), ("heavy", FC_WEIGHT_HEAVY), ("medium", FC_WEIGHT_MEDIUM),
            ("extralight", FC_WEIGHT_EXTRALIGHT), ("ultralight", FC_WEIGHT_EXTRALIGHT), ("light", FC_WEIGHT_LIGHT),
            ("thin", FC_WEIGHT_THIN), ("book", FC_WEIGHT_BOOK),
        ]
        let weight = weights.first { s.contains($0.0) }?.1 ?? FC_WEIGHT_REGULAR
        return (weight, slant)
    }
}
