import Engine
import Foundation
import Testing
@testable import TUI

/// Without FFmpeg's libraries a video story is a problem that says what to install, in both languages; the
/// libraries are opened by the helper only. A machine without them is simulated by naming another libavformat
/// (`STORIES_TUI_AVFORMAT_SONAME`) in the environment of the program run, never of this process, whose other tests
/// start helpers and tmux sessions in parallel.
@Suite("Video libraries")
struct VideoLibraryTests {
    static var deck: String {
        VideoFixtures.root.appendingPathComponent("Examples/moving-video.json").path
    }

    @Test func withoutTheLibrariesCheckSaysWhatToInstall() {
        let environment = ProcessInfo.processInfo.environment.merging(
            ["STORIES_TUI_AVFORMAT_SONAME": "libavformat-not-installed.so.59"]) { $1 }
        let english = ProcessRunner.run([ImageFixtures.helper, "--check", "--lang", "en", Self.deck],
                                        environment: environment)
        #expect(english.status == 65)
        let lines = english.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].hasSuffix(": error: stories[0].video: cannot play the video "
            + "'\(VideoFixtures.clip)': FFmpeg is missing: apt install libavformat59 libswscale6"), "\(lines)")
        let spanish = ProcessRunner.run([ImageFixtures.helper, "--check", "--lang", "es", Self.deck],
                                        environment: environment)
        #expect(spanish.standardError.contains("no se puede reproducir el vídeo"))
        #expect(spanish.standardError.contains("falta FFmpeg: apt install libavformat59 libswscale6"))
        let json = ProcessRunner.run([ImageFixtures.helper, "--check", "--format", "json", Self.deck],
                                     environment: environment)
        #expect(json.standardOutput.contains(#""jsonPath":"stories[0].video","code":"video-libraries-missing""#),
                "\(json.standardOutput)")
    }

    @Test func theHelperChecksAVideoWithTheLibraries() {
        let inspector = ImageInspector(worker: ImageWorker(executable: ImageFixtures.helper))
        let answers = inspector.inspect([VideoFixtures.clip, VideoFixtures.fixture("sound-only.mkv")])
        #expect(answers == [nil, .noVideoStream])
        let problem = ImageProblem.videoLibrariesMissing("libavformat.so.59 cannot be opened")
        #expect(problem.message(in: .english) == "FFmpeg is missing: apt install libavformat59 libswscale6")
        #expect(problem.message(in: .spanish) == "falta FFmpeg: apt install libavformat59 libswscale6")
    }
}
