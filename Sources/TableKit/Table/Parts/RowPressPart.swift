import Foundation

/// The table's own press, after every other part's gestures: on the section index it scrubs
/// while it moves (even off the index, as on iOS); on a row it taps at once — the row, its
/// accessory, or its slider's thumb, which then follows the drag.
@MainActor
final class RowPressPart: TableViewPart {
    override func addGestureRecognizers(to host: TableGestureHost) {
        host.gestures.add(pressTracker { press in
            switch press.state {
            case .began:
                guard case .sectionIndex(let position)? = host.pressHit()?.target else { return }
                host.answer(.perform(.scrubIndex(to: position)))
            case .changed:
                let context = host.context()
                let height = context.rowsArea.height
                host.answer(.perform(.scrubIndex(to: context.tableView.indexPosition(atLine: press.location.y, dataSource: context.dataSource, height: height))))
            case .ended, .cancelled:
                host.answer(.perform(.endPress))
            default:
                break
            }
        }, receives: { _ in
            if case .sectionIndex? = host.pressHit()?.target { return true }
            return false
        })
        host.gestures.add(pressTracker { press in
            switch press.state {
            case .began:
                guard case .row(let row, let part)? = host.pressHit()?.target else { return }
                host.answer(.perform(.tap(row, part)))
            case .changed:
                let context = host.context()
                guard let row = context.state.draggedSlider,
                      let value = context.tableView.sliderValue(of: row, atColumn: press.location.x, dataSource: context.dataSource,
                                                                width: context.rowsArea.width) else { return }
                host.answer(.perform(.slide(row, to: value)))
            case .ended, .cancelled:
                host.answer(.perform(.endPress))
            default:
                break
            }
        }, receives: { _ in
            guard let hit = host.pressHit() else { return false }
            if case .sectionIndex = hit.target { return false }
            // A row with a swipe menu is the swipe's: it taps at the release.
            return host.context().swipeableRow(of: hit) == nil
        })
    }
}
