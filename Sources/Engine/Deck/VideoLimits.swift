/// The limits on a story's `video` (docs/IMAGES.md, "Video"), in one place for the messages and the checks; the C
/// decoder's constants (`CIMG_MAX_VIDEO_*` in cimages-animation.h) are held to these by `VideoLimitsTests`.
public enum VideoLimits {
    /// The largest video file, in bytes (4 GiB): it is read as it plays, never whole.
    public static let maximumFileSize: Int64 = 4 * 1024 * 1024 * 1024
    /// The widest and tallest video, in pixels.
    public static let maximumSide = 8192
    /// The longest video, in seconds (10 minutes): longer than any story, and a bound on a length a file claims.
    public static let maximumLength = 600
    /// The most frames of a video (10 minutes at 60 frames a second).
    public static let maximumFrames = 36_000
    /// The file name extensions that make a Markdown deck's `![alt](path)` a video (a folder deck goes by the bytes).
    public static let fileExtensions: Set<String> = ["mp4", "m4v", "mov", "webm", "mkv"]

    /// Whether `path` ends in one of `fileExtensions` (any case).
    public static func isVideoName(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return fileExtensions.contains(String(path[path.index(after: dot)...]).lowercased())
    }
    /// Debian 12's packages of FFmpeg's libraries, which the picture helper opens to play a video
    /// (packaging/control's Recommends).
    public static let libraryPackages = ["libavformat59", "libavcodec59", "libswscale6", "libavutil57"]
    /// What the message without them says to install: libavformat59 brings libavcodec59 and libavutil57, so the
    /// command fits the one line under a story's alt text.
    public static let installPackages = ["libavformat59", "libswscale6"]
}
