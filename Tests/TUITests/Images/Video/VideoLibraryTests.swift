import Engine
import Foundation
import Testing
@testable import TUI

/// Without FFmpeg's libraries a video story is a problem that says what to install, in both languages; the
/// libraries are opened by the helper only. A machine without them is simulated by naming another libavformat
/// (`STORIES_TUI_AVFORMAT_SONAME`, read by the helper process when it first opens a video).
@Suite("Video libraries", .serialized)
struct VideoLibraryTests {
    @Test func withoutTheLibrariesAVideoSaysWhatToInstall() throws {
        // This process opens its libraries first, so that the other suites' videos (decoded in this process, in
        // parallel) never see the variable; only the helper started below reads it.
        _ = try AnimationScan.read(videoAt: VideoFixtures.clip).get()
        setenv("STORIES_TUI_AVFORMAT_SONAME", "libavformat-not-installed.so.59", 1)
        let answers = ImageInspector(worker: ImageWorker(executable: ImageFixtures.helper)).inspect([VideoFixtures.clip])
        unsetenv("STORIES_TUI_AVFORMAT_SONAME")
        guard case let .videoLibrariesMissing(reason)?? = answers.first else {
            Issue.record("not the missing libraries: \(answers)")
            return
        }
        #expect(reason.contains("libavformat-not-installed.so.59 cannot be opened"), "the loader's reason: \(reason)")
        let problem = ImageProblem.videoLibrariesMissing(reason)
        #expect(problem.code == "video-libraries-missing")
        #expect(problem.message(in: .english) == "FFmpeg is missing: apt install libavformat59 libswscale6")
        #expect(problem.message(in: .spanish) == "falta FFmpeg: apt install libavformat59 libswscale6")
    }

    @Test func theHelperChecksAVideoWithTheLibraries() {
        let inspector = ImageInspector(worker: ImageWorker(executable: ImageFixtures.helper))
        let answers = inspector.inspect([VideoFixtures.clip, VideoFixtures.fixture("sound-only.mkv")])
        #expect(answers == [nil, .noVideoStream])
    }
}
