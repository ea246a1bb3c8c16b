import Engine

/// What came of a request: the cells, or why there are none.
struct ImageResult: Sendable, Equatable {
    let request: ImageRequest
    let outcome: Result<ImageCells, ImageProblem>
}
