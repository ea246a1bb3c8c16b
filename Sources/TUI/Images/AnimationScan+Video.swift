import CImages
import Engine

extension AnimationScan {
    /// Scans the video at `path` (`cimg_video_scan_file`: every packet of its video stream read, no frame decoded;
    /// FFmpeg's libraries are opened, so only the picture helper and `--check` call it): its frames' size as
    /// converted and each frame's delay from its presentation times, or why it cannot be played (the limits of
    /// `VideoLimits`, no video stream, the libraries missing).
    static func read(videoAt path: String) -> Result<AnimationScan, ImageProblem> {
        scanVideo { info, delays, capacity, status in cimg_video_scan_file(path, &info, delays, capacity, &status) }
    }

    /// One run of the video at `path`, in seconds (`AnimationPacing.runLength` of its delays), for `--plain`'s
    /// `[video: alt, 2s]`; nil when it cannot be scanned (plain mode then prints no length). `--plain` is not the
    /// viewer: its process may open FFmpeg's libraries (demuxing only, no frame decoded).
    static func videoLength(atPath path: String) -> Double? {
        guard case let .success(scan) = read(videoAt: path) else { return nil }
        return scan.pacing.runLength
    }

    /// The same over a video's bytes (`cimg_video_scan`).
    static func read(video bytes: [UInt8]) -> Result<AnimationScan, ImageProblem> {
        bytes.withUnsafeBufferPointer { buffer in
            scanVideo { info, delays, capacity, status in
                cimg_video_scan(buffer.baseAddress, buffer.count, &info, delays, capacity, &status)
            }
        }
    }

    private static func scanVideo(
        _ scan: (inout cimg_animation_info, UnsafeMutablePointer<Int32>?, Int32, inout cimg_status) -> Int32
    ) -> Result<AnimationScan, ImageProblem> {
        var info = cimg_animation_info()
        var status = cimg_status()
        var delays = [Int32](repeating: 0, count: Int(CIMG_MAX_VIDEO_FRAMES))
        let result = delays.withUnsafeMutableBufferPointer { buffer in
            scan(&info, buffer.baseAddress, CIMG_MAX_VIDEO_FRAMES, &status)
        }
        guard result == 0 else { return .failure(ImageProblem(videoStatus: status)) }
        return .success(AnimationScan(width: Int(info.width), height: Int(info.height),
                                      delays: delays.prefix(Int(info.frame_count)).map(Int.init),
                                      loopCount: Int(info.loop_count), truncated: info.truncated != 0))
    }
}
