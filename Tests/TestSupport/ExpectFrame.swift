import Testing
import TableKit

/// Expects `actual` to be the frame `expected`, line for line, and records one issue with a
/// readable difference (``frameDifference(expected:actual:context:)``) when it is not.
///
/// Compare text frames (``textLines(of:)``) where the words are the rule, styled frames
/// (``styledLines(of:)``) where the focus or a colour is.
public func expectFrame(
    _ actual: [String], equals expected: [String], _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let difference = frameDifference(expected: expected, actual: actual) else { return }
    let heading = comment.map { "\($0)\n" } ?? ""
    Issue.record(Comment(rawValue: heading + difference), sourceLocation: sourceLocation)
}

/// Expects `canvas`, read as text (or with its styles marked, `styled`), to be the frame `expected`.
public func expectFrame(
    _ canvas: Canvas, equals expected: [String], styled: Bool = false, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectFrame(styled ? styledLines(of: canvas) : textLines(of: canvas), equals: expected, comment, sourceLocation: sourceLocation)
}

/// Expects `screen` drawn at `size` to be the frame `expected`.
@MainActor
public func expectFrame(
    _ screen: any Screen, size: Size, context: RenderContext = RenderContext(), equals expected: [String],
    styled: Bool = false, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectFrame(canvas(of: screen, size: size, context: context), equals: expected, styled: styled, comment, sourceLocation: sourceLocation)
}
