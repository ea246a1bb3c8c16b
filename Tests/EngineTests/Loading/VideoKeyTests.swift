import Synchronization
import Testing
@testable import Engine

/// The `video` story key (docs/DECK-FORMAT.md): a path resolved and checked like an image's, problems at the `video`
/// key, not with `image` in the same story; kept through the story list and written back as `video`; folder and
/// Markdown decks make video stories of their clips.
@Suite("Video key")
struct VideoKeyTests {
    @Test func aVideoIsAPictureThatMoves() throws {
        let json = #"[{"video": "clips/bars.mp4", "alt": "bars", "duration": 3}, {"image": "a.png"}]"#
        let deck = try DeckLoader.decode(Array(json.utf8), baseDirectory: "decks").get()
        let video = deck.stories[0]
        #expect(video.isVideo && video.image == "clips/bars.mp4" && video.imagePath == "decks/clips/bars.mp4")
        #expect(video.alt == "bars" && video.duration == 3)
        #expect(!deck.stories[1].isVideo, "an image is not a video, and the list keeps each story's own")
        let written = DeckJSONWriter.storyText(video, position: 1, indent: "")
        #expect(written.contains(#""video": "clips/bars.mp4""#) && !written.contains(#""image""#))
    }

    @Test func aVideoAloneIsSomethingToShow() {
        #expect(problems(#"[{"video": "a.webm"}]"#).isEmpty)
        let empty = problems(#"[{"video": ""}]"#)
        #expect(empty.map(\.kind) == [.nothingToShow])
        #expect(empty.first?.message(in: .english).contains("'video'") == true)
    }

    @Test func anImageAndAVideoAreOneTooMany() {
        let found = problems(#"[{"image": "a.png", "video": "b.mp4"}]"#)
        #expect(found.map(\.path) == ["[0].video"])
        #expect(found.map(\.kind.code) == ["image-and-video"])
        #expect(found.first?.message(in: .english)
            == "[0].video: a story shows one picture: give it an 'image' or a 'video', not both")
        #expect(found.first?.message(in: .spanish)
            == "[0].video: una historia muestra una sola imagen: dale 'image' o 'video', no los dos")
    }

    @Test func aVideosProblemIsReportedAtItsKey() {
        let check: ImageCheck = { paths in paths.map { _ in .noVideoStream } }
        let json = #"{"stories": [{"title": "t"}, {"video": "sound.mkv"}]}"#
        guard case .failure(.invalid(let found, _)) = DeckLoader.decode(Array(json.utf8), baseDirectory: "d",
                                                                         checkImages: check) else {
            Issue.record("accepted")
            return
        }
        #expect(found.map(\.path) == ["stories[1].video"])
        #expect(found.map(\.kind.code) == ["video-no-video-stream"])
        #expect(found.first?.message(in: .english) == "stories[1].video: cannot play the video 'd/sound.mkv': "
                + "the file has no video stream (sound only: a terminal plays no sound)")
        #expect(found.first?.message(in: .spanish) == "stories[1].video: no se puede reproducir el vídeo 'd/sound.mkv': "
                + "el archivo no tiene pista de vídeo (solo sonido: una terminal no reproduce sonido)")
    }

    @Test func videoProblemsHaveWordsInBothLanguages() {
        let problems: [ImageProblem] = [
            .videoLibrariesMissing("libavformat.so.59 cannot be opened"), .noVideoStream,
            .videoTooLong(seconds: 900, limitSeconds: 600),
        ]
        #expect(problems.map(\.code) == ["video-libraries-missing", "video-no-video-stream", "video-too-long"])
        for problem in problems {
            #expect(problem.message(in: .spanish) != problem.message(in: .english), "\(problem)")
        }
        #expect(problems[0].message(in: .english) == "FFmpeg is missing: apt install libavformat59 libswscale6")
    }

    @Test(arguments: ["clip.mp4", "clip.MOV", "a/b.webm", "x.mkv", "x.m4v"])
    func aMarkdownPictureNamedAsAVideoIsAVideo(path: String) {
        #expect(VideoLimits.isVideoName(path))
    }

    @Test(arguments: ["clip.png", "mp4", "a.mp4/b", "a.gif", ""])
    func otherNamesAreNot(path: String) {
        #expect(!VideoLimits.isVideoName(path))
    }
}
