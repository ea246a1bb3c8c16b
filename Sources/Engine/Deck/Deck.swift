/// A validated, sanitised deck: what every other part of the program sees.
///
/// Stories are kept in one flat list in deck order; `groups` (empty when the deck has none)
/// names ranges of that list. All text has been sanitised at load (docs/RELIABILITY.md).
public struct Deck: Sendable, Equatable {
    /// The deck's title, if it has one.
    public var title: String?
    /// Seconds a story lasts when it sets no duration of its own.
    public var defaultDuration: Double
    /// What happens after the last story.
    public var strategy: Strategy
    /// Seconds to wait (state `ready`) before the first story starts.
    public var leeway: Double
    /// Where playback starts, if the deck says.
    public var start: StartReference?
    /// The deck-wide colour scheme; a story may override it.
    public var theme: Theme
    /// The deck-wide background colour, or nil for the theme's; a story may override it. For a gradient,
    /// its top colour.
    public var background: DeckColor?
    /// When the deck wrote `background` as an array: its 2 or 3 colours, top to bottom (the first is
    /// `background` too); nil for one colour.
    public var backgroundGradient: [DeckColor]?
    /// The deck-wide accent colour (current segment, position), or nil for the theme's; a story may override it.
    public var accent: DeckColor?
    /// Every story, in deck order, across all groups.
    public var stories: StoryList
    /// The groups, in order, each naming a range of `stories`; empty when the deck has no groups.
    public var groups: [StoryGroup]
    /// The folder of the deck file, against which image paths are resolved; nil for standard input.
    public var baseDirectory: String?
    /// The moving pictures (an animated GIF or WebP; later a video) by the index of their story, with each
    /// frame's delay: read from the files by the viewer's side after loading (`MovingPictureScan` in TUI; the
    /// Engine reads no picture). A story missing here is still (or has no picture).
    public var movingPictures: [Int: AnimationPacing] = [:]
    /// The stories whose moving picture's frames are still being read when the deck starts to play: a video, which
    /// the picture helper scans after the deck is on screen (`MovingPictureScan` in TUI). Such a story waits for its
    /// length before it begins, at most `Playback.lengthWait` (docs/IMAGES.md, "Video"); the answer arrives as
    /// `PlaybackInput.lengths`. Empty when every length is known.
    public var awaitedLengths: Set<Int> = []

    /// Creates a deck from parts that are already valid.
    /// - Parameter stories: the stories (a `StoryList` whose `imageFolder` is `baseDirectory` is kept as it is).
    public init<Stories: Sequence>(
        title: String? = nil,
        defaultDuration: Double = DeckLimits.defaultDuration,
        strategy: Strategy = .once,
        leeway: Double = 0,
        start: StartReference? = nil,
        theme: Theme = .dark,
        background: DeckColor? = nil,
        accent: DeckColor? = nil,
        stories: Stories,
        groups: [StoryGroup] = [],
        baseDirectory: String? = nil
    ) where Stories.Element == Story {
        self.title = title
        self.defaultDuration = defaultDuration
        self.strategy = strategy
        self.leeway = leeway
        self.start = start
        self.theme = theme
        self.background = background
        self.accent = accent
        if let list = stories as? StoryList, list.imageFolder == baseDirectory {
            self.stories = list
        } else {
            self.stories = StoryList(stories, imageFolder: baseDirectory)
        }
        self.groups = groups
        self.baseDirectory = baseDirectory
    }

    /// Whether the deck is divided into groups.
    public var hasGroups: Bool { !groups.isEmpty }

    /// Seconds the story at `index` lasts: its own duration, else one run of its moving picture, else the deck's
    /// default.
    public func duration(ofStory index: Int) -> Double {
        guard stories.indices.contains(index) else { return defaultDuration }
        return stories.duration(at: index) ?? movingPictures[index]?.storyLength ?? defaultDuration
    }

    /// The index of the group that holds the story at `index`, or nil without groups.
    /// Groups are consecutive and in order, so this is a binary search.
    public func groupIndex(ofStory index: Int) -> Int? {
        var low = 0
        var high = groups.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = groups[middle].range
            if index < range.lowerBound {
                high = middle - 1
            } else if index >= range.upperBound {
                low = middle + 1
            } else {
                return middle
            }
        }
        return nil
    }

    /// The range of stories shown together in the bars with the story at `index`:
    /// its group's stories, or the whole deck without groups.
    public func segmentRange(ofStory index: Int) -> Range<Int> {
        if let group = groupIndex(ofStory: index) { return groups[group].range }
        return stories.indices
    }

    /// The index of the story a reference names (an id, or a 1-based position), or nil if none.
    public func index(of reference: StartReference) -> Int? {
        switch reference {
        case .id(let id):
            return stories.firstIndex(ofID: id)
        case .position(let position):
            return stories.indices.contains(position - 1) ? position - 1 : nil
        }
    }

    /// The index of the story a command-line or control argument names: a story whose id is exactly
    /// `argument` first, else a 1-based position written in ASCII digits; nil if neither names a story.
    public func index(matching argument: String) -> Int? {
        if let index = stories.firstIndex(ofID: argument) { return index }
        guard !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let position = Int(argument), position >= 1, position <= stories.count
        else { return nil }
        return position - 1
    }
}
