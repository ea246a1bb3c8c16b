/// The byte record of one story in a `StoryList`.
///
/// Layout: a flags byte; a second flags byte when any of its flags is set; a third when any of its flags is set;
/// the duration (8 bytes, the Double's bits, little-endian); the background and accent colours (4 bytes each);
/// a gradient's colour count (1 byte) and colours (the third byte's `video` flag says the image is a video); then the texts present, in the order id, title, caption, art,
/// image, alt, image path, link, each as its UTF-8 length (LEB128) and bytes.
enum StoryRecord {
    // First byte.
    static let explicitID: UInt8 = 0x01
    static let hasTitle: UInt8 = 0x02
    static let hasCaption: UInt8 = 0x04
    static let hasArt: UInt8 = 0x08
    static let hasImage: UInt8 = 0x10
    static let hasAlt: UInt8 = 0x20
    static let hasDuration: UInt8 = 0x40
    static let hasMore: UInt8 = 0x80
    // Second byte.
    static let darkTheme: UInt8 = 0x01
    static let lightTheme: UInt8 = 0x02
    static let cover: UInt8 = 0x04
    static let hasBackground: UInt8 = 0x08
    static let hasAccent: UInt8 = 0x10
    static let resolvedImagePath: UInt8 = 0x20
    static let storedImagePath: UInt8 = 0x40
    static let hasExtra: UInt8 = 0x80
    // Third byte.
    static let hasLink: UInt8 = 0x01
    static let hasGradient: UInt8 = 0x02
    static let video: UInt8 = 0x04

    /// Appends the record of `story`, the story at 1-based `position`.
    static func write(_ story: Story, position: Int, imageFolder: String?, into records: inout [UInt8]) {
        let hasExplicitID = story.id != String(position)
        var storesImagePath = false
        var more: UInt8 = 0
        switch story.theme {
        case .dark?: more |= darkTheme
        case .light?: more |= lightTheme
        case nil: break
        }
        if story.fit == .cover { more |= cover }
        if story.background != nil { more |= hasBackground }
        if story.accent != nil { more |= hasAccent }
        if let path = story.imagePath {
            if let image = story.image, path == ImagePath.resolve(image, against: imageFolder) {
                more |= resolvedImagePath
            } else {
                more |= storedImagePath
                storesImagePath = true
            }
        }
        var extra: UInt8 = 0
        if story.link != nil { extra |= hasLink }
        if story.backgroundGradient != nil { extra |= hasGradient }
        if story.isVideo { extra |= video }
        if extra != 0 { more |= hasExtra }
        var flags: UInt8 = more != 0 ? hasMore : 0
        if hasExplicitID { flags |= explicitID }
        if story.title != nil { flags |= hasTitle }
        if story.caption != nil { flags |= hasCaption }
        if story.art != nil { flags |= hasArt }
        if story.image != nil { flags |= hasImage }
        if story.alt != nil { flags |= hasAlt }
        if story.duration != nil { flags |= hasDuration }
        records.append(flags)
        if more != 0 { records.append(more) }
        if extra != 0 { records.append(extra) }
        if let duration = story.duration {
            var bits = duration.bitPattern
            for _ in 0..<8 {
                records.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
            }
        }
        if let background = story.background { write(background, into: &records) }
        if let accent = story.accent { write(accent, into: &records) }
        if let gradient = story.backgroundGradient {
            records.append(UInt8(truncatingIfNeeded: gradient.count))
            for color in gradient { write(color, into: &records) }
        }
        if hasExplicitID { write(story.id, into: &records) }
        for text in [story.title, story.caption, story.art, story.image, story.alt] {
            if let text { write(text, into: &records) }
        }
        if storesImagePath, let path = story.imagePath { write(path, into: &records) }
        if let link = story.link { write(link, into: &records) }
    }

    private static func write(_ color: DeckColor, into records: inout [UInt8]) {
        switch color {
        case .named(let index): records += [0, index, 0, 0]
        case .rgb(let red, let green, let blue): records += [1, red, green, blue]
        }
    }

    /// A text: its UTF-8 length in LEB128, then its bytes.
    private static func write(_ text: String, into records: inout [UInt8]) {
        var length = text.utf8.count
        while length >= 0x80 {
            records.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        records.append(UInt8(length))
        records.append(contentsOf: text.utf8)
    }

    /// The position a default id names: `id` in decimal without leading zeros, else nil.
    static func position(named id: [UInt8]) -> Int? {
        guard let first = id.first, first != UInt8(ascii: "0"), id.count <= 18,
            id.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return id.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// The fixed part of a record.
    struct Header {
        var flags: UInt8
        var more: UInt8
        var extra: UInt8 = 0
        var duration: Double?
        var background: DeckColor?
        var accent: DeckColor?
        var backgroundGradient: [DeckColor]?

        var hasExplicitID: Bool { flags & explicitID != 0 }
    }

    /// Reads one record from its start.
    struct Reader {
        let records: [UInt8]
        var offset: Int

        init(records: [UInt8], offset: Int) {
            self.records = records
            self.offset = offset
        }

        mutating func header() -> Header {
            let flags = byte()
            let more = flags & hasMore != 0 ? byte() : 0
            var header = Header(flags: flags, more: more)
            if more & hasExtra != 0 { header.extra = byte() }
            if flags & hasDuration != 0 {
                var bits: UInt64 = 0
                for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(byte()) << UInt64(shift) }
                header.duration = Double(bitPattern: bits)
            }
            if more & hasBackground != 0 { header.background = color() }
            if more & hasAccent != 0 { header.accent = color() }
            if header.extra & hasGradient != 0 {
                let count = Int(byte())
                header.backgroundGradient = (0..<count).map { _ in color() }
            }
            return header
        }

        /// The whole story at 1-based `position`.
        mutating func story(position: Int, imageFolder: String?) -> Story {
            let header = header()
            let flags = header.flags
            let more = header.more
            func text(_ flag: UInt8, in set: UInt8) -> String? { set & flag != 0 ? nextText() : nil }
            let id = text(explicitID, in: flags) ?? String(position)
            var story = Story(
                id: id, title: text(hasTitle, in: flags), caption: text(hasCaption, in: flags),
                duration: header.duration, art: text(hasArt, in: flags), image: text(hasImage, in: flags),
                fit: more & cover != 0 ? .cover : .contain, alt: text(hasAlt, in: flags),
                theme: more & darkTheme != 0 ? .dark : more & lightTheme != 0 ? .light : nil,
                background: header.background, accent: header.accent,
                backgroundGradient: header.backgroundGradient)
            if more & storedImagePath != 0 {
                story.imagePath = nextText()
            } else if more & resolvedImagePath != 0, let image = story.image {
                story.imagePath = ImagePath.resolve(image, against: imageFolder)
            }
            if header.extra & hasLink != 0 { story.link = nextText() }
            story.isVideo = header.extra & video != 0
            return story
        }

        /// Whether the next text is exactly `wanted`.
        mutating func textMatches(_ wanted: [UInt8]) -> Bool {
            let length = self.length()
            guard length == wanted.count else { return false }
            return records[offset..<offset + length].elementsEqual(wanted)
        }

        private mutating func nextText() -> String {
            let length = self.length()
            defer { offset += length }
            return String(decoding: records[offset..<offset + length], as: UTF8.self)
        }

        private mutating func length() -> Int {
            var value = 0
            var shift = 0
            while true {
                let next = byte()
                value |= Int(next & 0x7F) << shift
                if next & 0x80 == 0 { return value }
                shift += 7
            }
        }

        private mutating func color() -> DeckColor {
            let kind = byte()
            let (first, second, third) = (byte(), byte(), byte())
            return kind == 0 ? .named(first) : .rgb(red: first, green: second, blue: third)
        }

        private mutating func byte() -> UInt8 {
            defer { offset += 1 }
            return records[offset]
        }
    }
}
