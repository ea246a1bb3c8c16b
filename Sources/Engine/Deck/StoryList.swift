/// The stories of a deck in deck order, stored compactly (docs/RELIABILITY.md: memory bounded by the deck's size).
///
/// Each story is one short record of bytes: its texts as UTF-8 with their lengths, absent fields taking no room,
/// and neither a default id (its position) nor an image path resolved against `imageFolder` stored at all.
/// A deck of a million one-letter stories costs about 11 bytes a story here, where an array of `Story` would
/// cost over 150. Reading an element builds its `Story`.
public struct StoryList: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    public typealias Element = Story
    public typealias Index = Int

    /// Where each story's record starts in `records`.
    private var starts: [Int] = []
    /// The records, one after another (see `StoryRecord`).
    private var records: [UInt8] = []
    /// The folder image paths are resolved against (`ImagePath.resolve`): a story whose `imagePath` is its
    /// `image` resolved against it does not store the path.
    public let imageFolder: String?

    /// An empty list.
    /// - Parameter imageFolder: the deck file's folder, or nil (standard input, or no images).
    public init(imageFolder: String? = nil) {
        self.imageFolder = imageFolder
    }

    /// A list of these stories.
    public init<Stories: Sequence>(_ stories: Stories, imageFolder: String? = nil) where Stories.Element == Story {
        self.imageFolder = imageFolder
        for story in stories { append(story) }
    }

    public init(arrayLiteral stories: Story...) {
        self.init(stories)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.count }

    public subscript(position: Int) -> Story {
        var reader = StoryRecord.Reader(records: records, offset: starts[position])
        return reader.story(position: position + 1, imageFolder: imageFolder)
    }

    /// Adds a story at the end.
    public mutating func append(_ story: Story) {
        starts.append(records.count)
        StoryRecord.write(story, position: starts.count, imageFolder: imageFolder, into: &records)
    }

    /// The duration of the story at `index` (nil for the deck's default), without building the story.
    public func duration(at index: Int) -> Double? {
        var reader = StoryRecord.Reader(records: records, offset: starts[index])
        return reader.header().duration
    }

    /// Whether the story at `index` has an image, without building the story (its record's first byte).
    public func hasImage(at index: Int) -> Bool {
        records[starts[index]] & StoryRecord.hasImage != 0
    }

    /// The index of the first story whose id is `id`, without building the stories.
    public func firstIndex(ofID id: String) -> Int? {
        let wanted = Array(id.utf8)
        // A default id is the story's position in decimal: only the story at that position can have it.
        let position = StoryRecord.position(named: wanted)
        for index in indices {
            var reader = StoryRecord.Reader(records: records, offset: starts[index])
            let header = reader.header()
            if header.hasExplicitID {
                if reader.textMatches(wanted) { return index }
            } else if position == index + 1 {
                return index
            }
        }
        return nil
    }

    /// Bytes held for the stories (records and their starts), for memory checks.
    var storageBytes: Int {
        records.capacity + starts.capacity * MemoryLayout<Int>.stride
    }

    /// Equal when they hold the same stories. The same records are the same stories: compared first, in
    /// constant time when both lists share their storage (a view of the deck compared with the one drawn
    /// before it, at every frame), so that stories are built and compared one by one only when they differ.
    public static func == (left: StoryList, right: StoryList) -> Bool {
        if left.imageFolder == right.imageFolder, left.starts == right.starts, left.records == right.records {
            return true
        }
        return left.elementsEqual(right)
    }
}
