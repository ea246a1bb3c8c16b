/// Stories: each member as it comes, then the whole story (content, id) when it ends.
extension DeckValidator {
    mutating func storyMember(_ member: JSONMember) {
        // Taken out and put back, so that its texts are moved, not copied and released, at every member.
        guard var draft = story.take() else { return }
        let (location, rootIsArray) = (draft.location, rootIsArray)
        let path = { location.path(rootIsArray: rootIsArray).appending(member.key) }
        let value = member.value
        switch member.key {
        case "id":
            guard let text = string(value, at: path()) else {
                draft.idIsBroken = true
                break
            }
            let id = TextSanitizer.sanitize(text, keepingLineBreaks: false)
            if id.isEmpty {
                report(.emptyID, at: path(), value)
                draft.idIsBroken = true
            } else {
                draft.explicitID = (id, value.line, value.column)
            }
        case "title", "caption", "art", "image", "video", "alt":
            guard let text = string(value, at: path()) else {
                // A wrong type is one problem; do not add "nothing to show" on top of it.
                if member.key != "alt" { draft.hasContent = true }
                break
            }
            let keepsLineBreaks = member.key == "caption" || member.key == "art"
            let clean: String?
            if member.key == "image" || member.key == "video" {
                let path = TextSanitizer.sanitize(text, keepingLineBreaks: false)
                clean = path.isEmpty ? nil : path
            } else {
                clean = Self.visible(text, keepingLineBreaks: keepsLineBreaks)
            }
            switch member.key {
            case "title": draft.story.title = clean
            case "caption": draft.story.caption = clean
            case "art": draft.story.art = clean
            case "image", "video":
                if draft.pictureKeySeen {
                    report(.imageAndVideo, at: path(), value)
                    break
                }
                draft.pictureKeySeen = true
                draft.story.isVideo = member.key == "video"
                draft.story.image = clean
                draft.story.imagePath = clean.map { ImagePath.resolve($0, against: deck.baseDirectory) }
                if checkImages != nil, let path = draft.story.imagePath {
                    pendingImages.append(PendingImage(path: path, location: location, line: value.line, column: value.column,
                                                      key: member.key))
                    if pendingImages.count >= Self.imageCheckBatch { checkPendingImages() }
                }
            default: draft.story.alt = clean
            }
            if member.key != "alt", clean != nil { draft.hasContent = true }
        case "duration":
            draft.story.duration = duration(value, at: path())
        case "theme":
            draft.story.theme = choice(value, at: path())
        case "background":
            (draft.story.background, draft.story.backgroundGradient) = background(value, at: path())
        case "link":
            draft.story.link = link(value, at: path())
        case "accent":
            draft.story.accent = color(value, at: path())
        case "fit":
            draft.story.fit = choice(value, at: path()) ?? .contain
        default:
            let suggestion = reportUnknownKey(member, at: path(), among: Self.storyKeys,
                                              needsSuggestion: !draft.hasContent)
            // A misspelt `captoin` is one problem; do not add "nothing to show" on top of it.
            if let suggestion, Self.contentKeys.contains(suggestion) { draft.hasContent = true }
        }
        story = draft
    }

    /// Ends the story at `location` (an object whose members were streamed, or a wrong type): its content and id.
    mutating func finishStory(_ element: JSONValue, location: StoryLocation) {
        positions += 1
        let position = positions
        defer { story = nil }
        let rootIsArray = rootIsArray
        let storyPath = { location.path(rootIsArray: rootIsArray) }
        guard case .consumedObject = element.kind, var draft = story.take() else {
            report(.wrongType(expected: [.object], got: element.type), at: storyPath(), element)
            return
        }
        if !draft.hasContent {
            report(.nothingToShow, at: storyPath(), element)
        }
        if let explicitID = draft.explicitID {
            draft.story.id = explicitID.id
            if let owner = ids.owner(of: explicitID.id) {
                let first: String
                let isDefault: Bool
                switch owner {
                case .explicit(let location):
                    (first, isDefault) = (path(of: location).appending("id").rendered, false)
                case .byDefault(let location):
                    (first, isDefault) = (path(of: location).rendered, true)
                }
                report(
                    .duplicateID(explicitID.id, firstPath: first, firstIsDefault: isDefault),
                    at: storyPath().appending("id"), line: explicitID.line, column: explicitID.column)
            } else {
                ids.claim(explicitID.id, at: location)
            }
        } else if !draft.idIsBroken {
            draft.story.id = String(position)
            if case .explicit(let owner)? = ids.owner(of: draft.story.id) {
                // Only an explicit id can already hold a position's number.
                let byPath = path(of: owner).appending("id").rendered
                report(.defaultIDTaken(draft.story.id, byPath: byPath), at: storyPath(), element)
            } else {
                ids.claimDefault(position: position)
            }
        }
        keep(draft.story)
    }

    /// Asks `checkImages` about the images waiting, each path once, and reports what it finds at their `image` keys.
    mutating func checkPendingImages() {
        guard let checkImages, !pendingImages.isEmpty else { return }
        var paths: [String] = []
        var index: [String: Int] = [:]
        for image in pendingImages where index[image.path] == nil {
            index[image.path] = paths.count
            paths.append(image.path)
        }
        let answers = checkImages(paths)
        let rootIsArray = rootIsArray
        for image in pendingImages {
            guard let at = index[image.path], answers.indices.contains(at), let problem = answers[at] else { continue }
            let kind = image.key == "video" ? DeckProblemKind.video(problem, path: image.path)
                : .image(problem, path: image.path)
            report(kind, at: image.location.path(rootIsArray: rootIsArray).appending(image.key),
                   line: image.line, column: image.column)
        }
        pendingImages.removeAll(keepingCapacity: true)
    }

    /// Adds a story to the deck while the deck is valid; after the first problem, stories are no longer kept.
    private mutating func keep(_ story: Story) {
        guard problems.isEmpty else {
            if !deck.stories.isEmpty { deck.stories = StoryList(imageFolder: deck.baseDirectory) }
            return
        }
        deck.stories.append(story)
    }
}
