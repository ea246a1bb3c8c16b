import Engine

/// What came of a request: the cells, or why there are none.
package struct ImageResult: Sendable, Equatable {
    package let request: ImageRequest
    package let outcome: Result<ImageCells, ImageProblem>

    package init(request: ImageRequest, outcome: Result<ImageCells, ImageProblem>) {
        self.request = request
        self.outcome = outcome
    }
}
